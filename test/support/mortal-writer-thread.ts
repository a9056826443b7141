import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { tempDataDir } from './temp-dir';

/**
 * A store's built writer thread (SQLite's or PostgreSQL's), made mortal: it runs as built, and ends its thread (as a
 * crash would, exit code 1) each time the test calls `kill`, which creates `die` beside it.
 */
export function mortalWriterThread(builtFile: string): { file: string; kill(): void } {
  const dir = tempDataDir();
  const die = join(dir, 'die');
  const file = join(dir, basename(builtFile));
  writeFileSync(
    file,
    `const { existsSync, unlinkSync, watch } = require('node:fs');
require(${JSON.stringify(builtFile)});
watch(${JSON.stringify(dir)}, () => {
  if (!existsSync(${JSON.stringify(die)})) return;
  unlinkSync(${JSON.stringify(die)});
  process.exit(1);
}).unref();
`,
  );
  return { file, kill: () => writeFileSync(die, '') };
}
