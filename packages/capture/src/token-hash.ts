import { createHash } from 'node:crypto';

/** Bearer tokens are stored only as this hash: a leaked database does not leak the tokens. */
export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}
