import type { CoreStatus } from '../../shared/contract';

const whose: Record<CoreStatus['secret']['storage'], string> = {
  none: '',
  memory: 'from --secret',
  file: 'set in Settings',
  safe_storage: 'set in Settings',
  basic_text: 'set in Settings',
  simulator: "the simulator's own",
};

/** What `serve` says about the signing secret in force: its fingerprint and whose it is, never the secret. */
export function signingSecretLine(secret: CoreStatus['secret'], simulatorRuns: boolean): string {
  if (secret.fingerprint === null) return 'not set (deliveries are checked once one is set)';
  const signedByTheSimulator = simulatorRuns && secret.storage !== 'simulator' ? '; the simulator signs with it too' : '';
  return `sha256:${secret.fingerprint} (${whose[secret.storage]}${signedByTheSimulator})`;
}
