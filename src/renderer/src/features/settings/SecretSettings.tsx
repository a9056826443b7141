import { useState } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import { call } from '../../api/client';
import { plural } from '../../lib/format';
import { describeSecret } from '../../lib/words';
import { ActionOutcome } from '../../components/ActionOutcome';
import { FetchSecretButton } from '../api/FetchSecretButton';
import { useCallAction } from '../../hooks/useCallAction';

/** The signing secret: set or cleared, never shown back. Every stored delivery is re-verified after a change. */
export function SecretSettings({ secret }: { secret: CoreStatus['secret'] }) {
  const [draft, setDraft] = useState('');
  const described = describeSecret(secret);

  const save = useCallAction(async (value: string) => {
    const { reverified } = await call('settings.setSecret', { secret: value });
    setDraft('');
    return `Secret saved. ${plural(reverified, 'delivery', 'deliveries')} re-verified.`;
  });
  const clearSecret = useCallAction(async () => {
    const { reverified } = await call('settings.clearSecret', {});
    return `Secret cleared. ${plural(reverified, 'delivery', 'deliveries')} re-verified.`;
  });
  const busy = save.busy || clearSecret.busy;

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
      <form
        className="settings-row"
        onSubmit={(event) => {
          event.preventDefault();
          clearSecret.clear();
          if (draft) void save.run(draft);
        }}
      >
        <label className="field grow">
          <span>{secret.set ? 'Replace with' : 'Secret'}</span>
          <input
            type="password"
            data-testid="settings-secret-input"
            autoComplete="off"
            spellCheck={false}
            maxLength={4096}
            value={draft}
            placeholder={secret.set ? 'a new secret' : 'paste the signing secret'}
            onChange={(event) => setDraft(event.target.value)}
          />
        </label>
        <button type="submit" className="primary" data-testid="settings-secret-save" disabled={busy || draft === ''}>
          Save secret
        </button>
        <button
          type="button"
          data-testid="settings-secret-clear"
          disabled={busy || !secret.set || secret.storage === 'simulator'}
          onClick={() => {
            save.clear();
            void clearSecret.run();
          }}
        >
          Clear
        </button>
      </form>
      <ActionOutcome error={save.error ?? clearSecret.error} done={save.done ?? clearSecret.done} testId="settings-secret" />
      <div className="settings-fetch-secret">
        <span className="muted">Or read it from the service in use (GET /api/webhooks):</span>
        <FetchSecretButton testId="settings-fetch-secret" />
      </div>
    </section>
  );
}
