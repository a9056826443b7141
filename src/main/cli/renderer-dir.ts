import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The built UI that `serve` serves: out/renderer, beside the folder of the main process's bundles. This code runs
 * from a chunk the CLI loads when `serve` runs (out/main/chunks/) or from out/main itself, so both are looked from.
 */
export function builtRendererDir(here: string = __dirname): string {
  const candidates = [here, dirname(here)].map((dir) => join(dir, '../renderer'));
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? candidates[0]!;
}
