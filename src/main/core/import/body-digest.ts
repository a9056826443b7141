import { createHash } from 'node:crypto';

/** The body's SHA-256 as hex, as a delivery row keeps it. */
export function bodySha256(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

/**
 * The body's digest, computed once for both uses: checked against the one the file gives (none given: null, the
 * record computes it), or why the bytes do not match it.
 */
export function checkedDigest(body: Uint8Array, expected: string | undefined): { sha256: string | null } | { error: string } {
  if (expected === undefined) return { sha256: null };
  const actual = bodySha256(body);
  if (actual !== expected.toLowerCase()) return { error: 'the body does not match its bodySha256 (remove bodySha256 to accept edited bytes)' };
  return { sha256: actual };
}
