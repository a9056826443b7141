// Builds better-sqlite3 for Electron's ABI into out/native/electron, leaving the Node build in node_modules as it is
// (tests and the CLI need that one). Compiler output goes to out/native/electron/build.log.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'out', 'native', 'electron');
const packageDir = join(root, 'node_modules', 'better-sqlite3');
const workDir = join(outDir, 'better-sqlite3');
const logPath = join(outDir, 'build.log');
const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
const nodeGyp = [
  process.env.npm_config_node_gyp,
  join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
].find((path) => path && existsSync(path));

if (!nodeGyp) {
  console.error('build-electron-sqlite: node-gyp (bundled with npm) not found');
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
rmSync(workDir, { recursive: true, force: true });
const nodeBuild = join(packageDir, 'build');
cpSync(packageDir, workDir, { recursive: true, filter: (path) => path !== nodeBuild && !path.startsWith(nodeBuild + sep) });

// npm's `nodedir` setting would point node-gyp at Node's headers; Electron needs its own.
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name.toLowerCase() !== 'npm_config_nodedir'));
const log = openSync(logPath, 'w');
const gyp = spawnSync(
  process.execPath,
  [nodeGyp, 'rebuild', '--release', `--target=${electronVersion}`, `--arch=${process.arch}`, '--dist-url=https://electronjs.org/headers'],
  { cwd: workDir, env, stdio: ['ignore', log, log] },
);
if (gyp.status !== 0) {
  console.error(`build-electron-sqlite: node-gyp failed for Electron ${electronVersion}, see ${logPath}`);
  process.exit(1);
}
copyFileSync(join(workDir, 'build', 'Release', 'better_sqlite3.node'), join(outDir, 'better_sqlite3.node'));
