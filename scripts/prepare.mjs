// npm's prepare: `npm install` and `npm ci` build the app, so that the CLI and `npm start` are ready after them.
// `npx webhook-inspector` inside the clone links the clone into npm's cache, which runs prepare too: there a CLI
// already built is used as it is, since a build empties out/ under any inspector running from it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
if (process.env.npm_command === 'exec' && existsSync(join(root, 'out', 'main', 'cli.js'))) process.exit(0);

const npm = process.env.npm_execpath;
const build = npm
  ? spawnSync(process.execPath, [npm, 'run', 'build'], { cwd: root, stdio: 'inherit' })
  : spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
process.exit(build.status ?? 1);
