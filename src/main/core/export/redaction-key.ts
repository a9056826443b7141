import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The key redaction fakes are derived with, kept in the data dir: every export from one data dir gives
 * the same fake for the same person, and a fake cannot be reversed by hashing guessed emails.
 */
export function loadOrCreateRedactionKey(dataDir: string): string {
  const file = join(dataDir, 'redaction-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  try {
    writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another export created it first: use that one.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
}
