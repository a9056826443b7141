import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** This module's folder in whichever bundle holds it (CommonJS has __dirname; ES modules have import.meta). */
function hereDir(): string {
  return typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url));
}

/**
 * A thread's entry built as a file of its own beside the running bundle (`<name>.js` in electron-vite's CommonJS
 * main, `<name>.mjs` in an ES module bundle), in the bundle's folder or the one above when this code sits in a
 * shared chunk; null when running from sources (the tests pass the built file).
 */
export function builtFileBeside(name: string): string | null {
  const here = hereDir();
  for (const dir of [here, dirname(here)]) {
    for (const file of [`${name}.js`, `${name}.mjs`].map((built) => join(dir, built))) {
      if (existsSync(file)) return file;
    }
  }
  return null;
}
