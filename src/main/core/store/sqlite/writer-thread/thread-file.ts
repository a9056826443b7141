import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The writer thread's entry as the builds name it: electron-vite's CommonJS main, or an ES module bundle. */
const builtNames = ['store-writer.js', 'store-writer.mjs'];

/** This module's folder in whichever bundle holds it (CommonJS has __dirname; ES modules have import.meta). */
function hereDir(): string {
  return typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
}

/**
 * The built writer thread beside the running bundle (its own folder, or the one above when this code sits in
 * a shared chunk); null when running from sources (the tests pass the built file, see test/support).
 */
export function builtWriterThreadFile(): string | null {
  const here = hereDir();
  for (const dir of [here, dirname(here)]) {
    for (const name of builtNames) {
      const file = join(dir, name);
      if (existsSync(file)) return file;
    }
  }
  return null;
}
