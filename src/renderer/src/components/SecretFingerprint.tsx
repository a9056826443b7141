/** A signing secret named by the first 8 hex digits of its SHA-256, so two can be compared without showing either. */
export function SecretFingerprint({ fingerprint, testId }: { fingerprint: string; testId: string }) {
  return (
    <code className="fact-value secret-fingerprint" data-testid={testId} title="The first 8 hex digits of the SHA-256 of the secret">
      sha256:{fingerprint}
    </code>
  );
}
