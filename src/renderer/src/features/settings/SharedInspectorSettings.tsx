import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { nativeErrorMessage, nativeExtras } from '../../api/native-extras';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { firstProblem } from '../../components/form/field-problems';
import { TextField } from '../../components/form/fields';
import { TokenEntry } from '../../components/form/TokenEntry';
import { SharedInspectorFields, sharedInspectorProblems } from './shared-inspector-fields';

const title = 'Connect to a shared inspector';

/**
 * A team's shared inspector (serve --team): the desktop app opens its window on it with the user's own token,
 * and back. A browser already is on a server's UI: it says which.
 */
export function SharedInspectorSettings() {
  const native = nativeExtras();
  const { sharedInspector, connectSharedInspector, useLocalInspector } = native;
  if (typeof sharedInspector !== 'function' || typeof connectSharedInspector !== 'function' || typeof useLocalInspector !== 'function') {
    return (
      <section className="settings-card" aria-labelledby="settings-shared-title" data-testid="settings-shared">
        <h2 id="settings-shared-title">{title}</h2>
        <p>
          This page is the inspector at <strong className="mono" data-testid="settings-shared-address">{window.location.origin}/</strong>.
        </p>
        <p className="muted">
          A team&apos;s shared inspector is opened in the browser at its own address with your token (?token=…), or from the desktop
          app&apos;s Settings → {title}.
        </p>
      </section>
    );
  }
  return <DesktopSharedInspector current={sharedInspector} connect={connectSharedInspector} backToLocal={useLocalInspector} />;
}

interface DesktopProps {
  current: () => Promise<{ origin: string } | null>;
  connect: (address: string, token: string) => Promise<void>;
  backToLocal: () => Promise<void>;
}

/** A desktop action's failure as the reason it gave. */
const saying = (action: Promise<void>) =>
  action.catch((error: unknown) => {
    throw new Error(nativeErrorMessage(error));
  });

const emptyFields: SharedInspectorFields = { address: '', token: '' };

function DesktopSharedInspector({ current, connect, backToLocal }: DesktopProps) {
  const now = useQuery({ queryKey: ['native.sharedInspector'], queryFn: () => current() });
  // Unknown while read; one that cannot be read is taken for the local inspector.
  const shown = now.isError ? null : now.data;
  const form = useForm({ resolver: zodResolver(SharedInspectorFields), defaultValues: emptyFields });

  // On success the window is replaced by one on the other inspector: the lines below show only a failure.
  const connecting = useMutation({ mutationFn: ({ address, token }: SharedInspectorFields) => saying(connect(address, token)) });
  const leaving = useMutation({ mutationFn: () => saying(backToLocal()) });
  const busy = connecting.isPending || leaving.isPending;
  const done = connecting.isSuccess ? `Opening ${connecting.variables.address}…` : leaving.isSuccess ? 'Opening the local inspector…' : null;

  return (
    <section className="settings-card" aria-labelledby="settings-shared-title" data-testid="settings-shared">
      <h2 id="settings-shared-title">{title}</h2>
      {shown === undefined ? (
        <p className="muted">Loading…</p>
      ) : shown !== null ? (
        <>
          <p data-testid="settings-shared-now">
            Now: the shared inspector at <strong className="mono">{shown.origin}</strong>
            <span className="muted"> · what you see and do here is the team&apos;s</span>
          </p>
          <div className="settings-actions">
            <button type="button" className="primary" data-testid="settings-shared-local" disabled={busy} onClick={() => leaving.mutate()}>
              Back to the local inspector
            </button>
          </div>
        </>
      ) : (
        <>
          <p className="muted" data-testid="settings-shared-now">
            Now: this machine&apos;s inspector. A team&apos;s shared inspector (serve --team) opens in this window with your own token
            (kept with the OS keychain); Settings there brings you back.
          </p>
          <form
            className="settings-grid"
            noValidate
            onSubmit={form.handleSubmit((fields) => connecting.mutate(fields))}
            onChange={() => form.clearErrors()}
          >
            <TextField
              className="wide-field"
              type="url"
              label="Address"
              testId="settings-shared-url"
              placeholder="https://inspector.example.com"
              registered={form.register('address')}
            />
            <TokenEntry
              label="Your token"
              testId="settings-shared-token"
              registered={form.register('token')}
              problem={firstProblem(form.formState.errors, sharedInspectorProblems)}
              problemTestId="settings-shared-problem"
            />
            <DraftActions
              submitLabel="Connect"
              submitTestId="settings-shared-connect"
              dirty={form.formState.isDirty}
              busy={busy}
              onReset={() => form.reset(emptyFields)}
            />
          </form>
        </>
      )}
      <ActionOutcome error={connecting.error ?? leaving.error} done={done} testId="settings-shared" />
    </section>
  );
}
