import type { SimulatorCredentials } from '../../../../shared/simulator';
import { MaskedValue } from '../../components/MaskedValue';
import { SecretFingerprint } from '../../components/SecretFingerprint';

/** The simulator's account, for the user's own calls to its API and their handler's tests. */
export function SimulatorCredentialsFacts({ credentials }: { credentials: SimulatorCredentials }) {
  return (
    <>
      <span className="top-fact">
        <span className="fact-label">API token</span>
        <MaskedValue value={credentials.apiToken} what="simulator API token" testId="simulator-api-token" />
      </span>
      <span className="top-fact" data-testid="simulator-signing-secret-fact" data-signs-with={credentials.signsWith}>
        <span className="fact-label">Signing secret</span>
        {credentials.signingSecret === null ? (
          <span className="fact-value" title="The signing secret you set (--secret or Settings) is the one the simulator signs with; it is never shown.">
            yours (--secret or Settings)
          </span>
        ) : (
          <MaskedValue value={credentials.signingSecret} what="simulator signing secret" testId="simulator-signing-secret" />
        )}
        <SecretFingerprint fingerprint={credentials.signingSecretFingerprint} testId="simulator-secret-fingerprint" />
      </span>
    </>
  );
}
