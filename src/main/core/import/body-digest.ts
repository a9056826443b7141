import { createHash } from 'node:crypto';

/** Null when the bytes match the digest the file gives (or it gives none), else why not. */
export function digestMismatch(body: Uint8Array, expected: string | undefined): string | null {
  if (expected === undefined) return null;
  const actual = createHash('sha256').update(body).digest('hex');
  return actual === expected.toLowerCase() ? null : 'the body does not match its bodySha256 (remove bodySha256 to accept edited bytes)';
}
