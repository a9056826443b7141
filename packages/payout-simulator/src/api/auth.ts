import { createHash, timingSafeEqual } from 'node:crypto';

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

export type TokenCheck = 'ok' | 'missing' | 'wrong';

/** Compares digests in constant time, so neither the content nor the length of the token leaks. */
export function checkApiToken(given: string | string[] | undefined, expected: string): TokenCheck {
  if (given === undefined || given === '') return 'missing';
  if (Array.isArray(given)) return 'wrong';
  return timingSafeEqual(digest(given), digest(expected)) ? 'ok' : 'wrong';
}
