import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { calls, type CallInput, type CoreStatus } from '../../../../shared/contract';
import { call } from '../../api/client';
import { plural } from '../../lib/format';
import { describeSecret } from '../../lib/words';
import { ActionOutcome } from '../../components/ActionOutcome';
import { SecretField } from '../../components/form/fields';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { FetchSecretButton } from '../api/FetchSecretButton';

type SecretInput = CallInput<'settings.setSecret'>;

const reverifiedLine = (what: string, { reverified }: { reverified: number }) => `${what} ${plural(reverified, 'delivery', 'deliveries')} re-verified.`;

/** The signing secret: set or cleared, never shown back. Every stored delivery is re-verified after a change. */
export function SecretSettings({ secret }: { secret: CoreStatus['secret'] }) {
  const described = describeSecret(secret);
  const form = useForm<SecretInput>({ resolver: zodResolver(calls['settings.setSecret'].input), defaultValues: { secret: '' } });
  const typed = useWatch({ control: form.control, name: 'secret' });
  const save = useMutation({
    mutationFn: (input: SecretInput) => call('settings.setSecret', input),
    onSuccess: () => form.reset(),
  });
  const clearSecret = useMutation({ mutationFn: () => call('settings.clearSecret', {}) });
  const busy = save.isPending || clearSecret.isPending;
  const done = save.data ? reverifiedLine('Secret saved.', save.data) : clearSecret.data ? reverifiedLine('Secret cleared.', clearSecret.data) : null;

  return (
    <section className="settings-card" aria-labelledby="settings-secret-title">
      <h2 id="settings-secret-title">Signing secret</h2>
      <p className="muted">
        The account&apos;s signing secret (GET /api/webhooks). With it, every delivery&apos;s X-Service-Signature is checked against the HMAC-SHA256
        of the exact bytes received.
      </p>
      <p>
        Now:{' '}
        <strong className={described.warn ? 'warn-text' : undefined} data-testid="settings-secret-state" data-set={secret.set} data-storage={secret.storage}>
          {described.label}
        </strong>
        <span className="muted"> · {described.detail}</span>
      </p>
      <form className="settings-row" noValidate onSubmit={form.handleSubmit((input) => {
          clearSecret.reset();
          save.mutate(input);
        })}
      >
        <SecretField
          className="grow"
          label={secret.set ? 'Replace with' : 'Secret'}
          testId="settings-secret-input"
          placeholder={secret.set ? 'a new secret' : 'paste the signing secret'}
          registered={form.register('secret')}
        />
        <button type="submit" className="primary" data-testid="settings-secret-save" disabled={busy || typed === ''}>
          Save secret
        </button>
        <button
          type="button"
          data-testid="settings-secret-clear"
          disabled={busy || !secret.set || secret.storage === 'simulator'}
          onClick={() => {
            save.reset();
            clearSecret.mutate();
          }}
        >
          Clear
        </button>
      </form>
      <FormProblems problems={fieldProblems(form.formState.errors, { secret: 'Secret' })} testId="settings-secret-problems" />
      <ActionOutcome error={save.error ?? clearSecret.error} done={done} testId="settings-secret" />
      <div className="settings-fetch-secret">
        <span className="muted">Or read it from the service in use (GET /api/webhooks):</span>
        <FetchSecretButton testId="settings-fetch-secret" />
      </div>
    </section>
  );
}
