import { useEffect, useState } from 'react';
import { nativeErrorMessage, nativeExtras } from '../../api/native-extras';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { TextField } from '../../components/form/fields';
import { TokenEntry } from '../../components/form/TokenEntry';
import { useCallAction } from '../../hooks/useCallAction';

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

function DesktopSharedInspector({ current, connect, backToLocal }: DesktopProps) {
  const [shown, setShown] = useState<{ origin: string } | null | undefined>(undefined);
  const [address, setAddress] = useState('');
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    current().then(
      (value) => live && setShown(value),
      () => live && setShown(null),
    );
    return () => {
      live = false;
    };
  }, [current]);

  // On success the window is replaced by one on the other inspector: the lines below show only a failure.
  const connecting = useCallAction(async (origin: string, userToken: string) => {
    await connect(origin, userToken).catch((error: unknown) => {
      throw new Error(nativeErrorMessage(error));
    });
    return `Opening ${origin}…`;
  });
  const leaving = useCallAction(async () => {
    await backToLocal().catch((error: unknown) => {
      throw new Error(nativeErrorMessage(error));
    });
    return 'Opening the local inspector…';
  });
  const busy = connecting.busy || leaving.busy;

  const submit = () => {
    setProblem(null);
    if (!/^https?:\/\//i.test(address.trim())) return setProblem("The shared inspector's address is an https:// URL, e.g. https://inspector.example.com.");
    if (token.trim() === '') return setProblem('Your token is needed (printed once by `serve user create`).');
    void connecting.run(address.trim(), token.trim());
  };

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
            <button type="button" className="primary" data-testid="settings-shared-local" disabled={busy} onClick={() => void leaving.run()}>
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
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <TextField
              className="wide-field"
              type="url"
              label="Address"
              testId="settings-shared-url"
              placeholder="https://inspector.example.com"
              value={address}
              onChange={(value) => {
                setProblem(null);
                setAddress(value);
              }}
            />
            <TokenEntry
              label="Your token"
              testId="settings-shared-token"
              value={token}
              onChange={(value) => {
                setProblem(null);
                setToken(value);
              }}
              problem={problem}
              problemTestId="settings-shared-problem"
            />
            <DraftActions
              submitLabel="Connect"
              submitTestId="settings-shared-connect"
              dirty={address !== '' || token !== ''}
              busy={busy}
              onReset={() => {
                setAddress('');
                setToken('');
                setProblem(null);
              }}
            />
          </form>
        </>
      )}
      <ActionOutcome error={connecting.error ?? leaving.error} done={connecting.done ?? leaving.done} testId="settings-shared" />
    </section>
  );
}
