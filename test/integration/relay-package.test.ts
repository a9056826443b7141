import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { RelayPage } from 'webhook-inspector-relay';
import { spawnProgram, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { tempDataDir } from '../support/temp-dir';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');
/** What the relay never needs, and its tarball must therefore never bring. */
const appOnly = ['electron', 'react', 'react-dom', 'playwright', 'playwright-core', '@playwright/test', 'better-sqlite3'];

/** Every package installed under a node_modules folder, nested ones and scoped ones included. */
function installedPackages(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  return readdirSync(nodeModules)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(nodeModules, name)).map((sub) => `${name}/${sub}`) : [name]))
    .flatMap((name) => [name, ...installedPackages(join(nodeModules, name, 'node_modules'))]);
}

/** Bytes on disk under a folder, as `du` counts them (allocated blocks). */
function diskUsage(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.blocks * 512;
  return readdirSync(path).reduce((sum, name) => sum + diskUsage(join(path, name)), stat.blocks * 512);
}

let cluster: TestPostgres | undefined;
let relay: ServeProcess | undefined;

afterAll(async () => {
  relay?.child.kill('SIGTERM');
  await relay?.exited;
  await cluster?.stop();
});

describe("the relay's package, packed and installed into an empty folder", () => {
  it('installs without the app, then receives a signed delivery on a channel and hands it to the pull API', { timeout: 300_000 }, async () => {
    // The tarball, as an operator makes it in a clone (its prepack builds dist/), one where an older build left a
    // chunk this one no longer makes: it must not be packed.
    const chunks = join(root, 'packages/relay/dist/chunks');
    mkdirSync(chunks, { recursive: true });
    writeFileSync(join(chunks, 'left-by-an-older-build.js'), 'export {};\n');
    const packDir = tempDataDir();
    const { stdout: packed } = await run('npm', ['pack', '--workspace', 'webhook-inspector-relay', '--pack-destination', packDir, '--json'], {
      cwd: root,
      maxBuffer: 16 * 2 ** 20,
      timeout: 120_000,
    });
    const [{ filename, files }] = JSON.parse(packed.slice(packed.indexOf('['))) as [{ filename: string; files: { path: string }[] }];
    expect(files.map((f) => f.path).sort()).toEqual([
      'README.md',
      'bin/webhook-inspector-relay.js',
      'dist/bin.js',
      'dist/chunks/relay-command-runs.js',
      'dist/chunks/start-relay.js',
      'dist/commands.js',
      'dist/index.js',
      'package.json',
      'resources/relay.env.example',
      'resources/webhook-inspector-relay.service',
    ]);

    // Installed as docs/relay.md says, into an empty folder.
    const installDir = tempDataDir();
    const started = performance.now();
    await run('npm', ['install', '--prefix', installDir, '--prefer-offline', '--no-audit', '--no-fund', join(packDir, filename)], { cwd: installDir, timeout: 120_000 });
    const installSeconds = (performance.now() - started) / 1000;
    const installed = installedPackages(join(installDir, 'node_modules'));
    expect(installed).toContain('webhook-inspector-relay');
    expect(installed).toContain('pg');
    expect(installed.filter((name) => appOnly.includes(name))).toEqual([]);
    const megabytes = diskUsage(installDir) / 1e6;
    console.log(
      `relay package: installed ${installed.length} packages, ${megabytes.toFixed(1)} MB (du of the folder), in ${installSeconds.toFixed(1)} s (npm install --prefer-offline)`,
    );

    // The installed program, against the tests' own PostgreSQL (its URL from the environment, as the unit gives it).
    cluster = await startTestPostgres();
    const bin = join(installDir, 'node_modules', '.bin', 'webhook-inspector-relay');
    const env = { ...process.env, WEBHOOK_INSPECTOR_RELAY_STORE: cluster.url };
    relay = await spawnProgram(bin, ['--http-port', '0'], 'Relay (HTTP)', env);
    const base = relay.lines['Relay (HTTP)']!;
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.json()]).toEqual([200, { status: 'ok', database: 'ok' }]);

    const { stdout: created } = await run(bin, ['channel', 'create', 'team', '--public-url', base], { env, timeout: 30_000 });
    const token = /^Pull token \(shown once, stored only as a hash\): (\S+)$/m.exec(created)?.[1];
    expect(token).toBeDefined();
    expect(created).toContain(`Callback URL: ${base}/c/team/webhooks`);

    const body = giftCardBody();
    const headers = serviceHeaders(body);
    const sent = await fetch(`${base}/c/team/webhooks`, { method: 'POST', headers, body });
    expect(sent.status).toBe(200);

    // As the laptop's relay client pulls (src/main/core/sources/relay-client.ts).
    const pulled = await fetch(`${base}/relay/v1/deliveries?after=0%3A0&limit=100`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' } });
    expect(pulled.status).toBe(200);
    const page = (await pulled.json()) as RelayPage;
    expect(page.deliveries.map((d) => [d.channel, d.method, d.path, Buffer.from(d.bodyBase64, 'base64').equals(body)])).toEqual([['team', 'POST', '/c/team/webhooks', true]]);
    // The signature reaches the laptop as it was sent, for the laptop to check with the secret only it holds.
    const pulledSignature = page.deliveries[0]!.headers.find(([name]) => name.toLowerCase() === 'x-service-signature')?.[1];
    expect(pulledSignature).toBe(headers['X-Service-Signature']);
    expect(readFileSync(`/proc/${relay.child.pid}/cmdline`, 'utf8')).not.toContain('postgresql:');

    relay.child.kill('SIGTERM');
    expect(await relay.exited).toBe(0);
  });
});
