import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fresh, empty data dir under the system's temp dir. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'inspector-test-'));
}
