// `npm start`: build, then open the desktop app if Electron's binary can be had; otherwise serve the same UI to a browser.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const electronBinding = join(root, 'out', 'native', 'electron', 'better_sqlite3.node');

const build = spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const electron = await findElectronBinary();
if (!electron) {
  console.log('The Electron binary could not be fetched, so the same UI is served for your browser instead:');
  run(process.execPath, [join(root, 'out', 'main', 'cli.js'), 'serve', ...args]);
} else if (existsSync(electronBinding) || buildElectronBinding()) {
  run(electron, ['.', ...args]); // `.`: package.json's main is out/main/index.js, and the app gets its name from it
} else {
  console.log('better-sqlite3 could not be built for Electron (see out/native/electron/build.log), so the UI is served for your browser instead:');
  run(process.execPath, [join(root, 'out', 'main', 'cli.js'), 'serve', ...args]);
}

/** Loading the electron package downloads its binary on first use: give that 30 s, then give up. */
function findElectronBinary() {
  return new Promise((done) => {
    const probe = spawn(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
      cwd: root,
      detached: process.platform !== 'win32', // its own process group, so a stuck download (a grandchild) dies with it
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    let output = '';
    probe.stdout.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => killGroup(probe), 30_000);
    probe.on('error', () => done(null));
    probe.on('close', (code) => {
      clearTimeout(timer);
      const path = output.trim().split('\n').at(-1)?.trim();
      done(code === 0 && path && existsSync(path) ? path : null);
    });
  });
}

function killGroup(child) {
  try {
    if (process.platform === 'win32') child.kill();
    else process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function buildElectronBinding() {
  console.log('Building better-sqlite3 for Electron (once, about a minute)...');
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'build-electron-sqlite.mjs')], { cwd: root, stdio: 'ignore' });
  return result.status === 0 && existsSync(electronBinding);
}

function run(command, commandArgs) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  // On POSIX the child gets its own process group, so a terminal Ctrl-C reaches it once (forwarded by us), not twice.
  const child = spawn(command, commandArgs, { cwd: root, env, stdio: 'inherit', detached: process.platform !== 'win32' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
}
