import { execFile } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, spawnCommand, type ServeProcess } from '../support/cli-process';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { tempDataDir } from '../support/temp-dir';

const run = promisify(execFile);
/** The cluster trusts local connections: any password is accepted, so one can stand in a URL without a role having it. */
const password = 'pw-in-the-url-7f3a9c';
const warning = /^warning: the password in --store is visible in the process list; give the URL in (WEBHOOK_INSPECTOR_STORE|WEBHOOK_INSPECTOR_RELAY_STORE) or with --store-file FILE instead$/m;

let cluster: TestPostgres;
let urlWithPassword: string;
let relayUrlWithPassword: string;
const dirs: string[] = [];
const running: ServeProcess[] = [];

function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = password;
  return parsed.toString();
}

beforeAll(async () => {
  cluster = await startTestPostgres();
  urlWithPassword = withPassword(cluster.url);
  relayUrlWithPassword = withPassword(await cluster.createDatabase('relay_store_url'));
}, 60_000);

afterAll(async () => {
  for (const p of running) p.child.kill('SIGKILL');
  await Promise.all(running.map((p) => p.exited));
  await cluster?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function newDir(): string {
  const dir = tempDataDir();
  dirs.push(dir);
  return dir;
}

/** A file holding the URL (with a line end, as an editor leaves it), readable by its owner only unless told. */
function urlFile(url: string, mode = 0o600): string {
  const file = join(newDir(), 'store-url');
  writeFileSync(file, `${url}\n`);
  chmodSync(file, mode);
  return file;
}

async function startServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<ServeProcess> {
  const serve = await spawnCommand('serve', ['--data-dir', newDir(), '--port', '0', '--ui-port', '0', '--no-simulator', ...args], 'UI', {
    ...process.env,
    ...env,
  });
  running.push(serve);
  return serve;
}

/** The process's own argument list, as `ps` shows it to every user of the machine. */
const commandLineOf = (serve: ServeProcess) => readFileSync(`/proc/${serve.child.pid}/cmdline`, 'utf8').split('\0').join(' ');

/** The store a started serve reports (its engine, and its location without a password). */
async function storeOf(serve: ServeProcess): Promise<unknown> {
  const ui = new URL(serve.lines.UI!);
  const answer = await fetch(`${ui.origin}/rpc/status.get`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  return ((await answer.json()) as { store: unknown }).store;
}

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => run(process.execPath, [builtCli, ...args], { env: { ...process.env, ...env } });

describe('a database URL kept out of the process list', () => {
  it('serve takes it from WEBHOOK_INSPECTOR_STORE: the password is in no argument, and nothing warns', async () => {
    const serve = await startServe([], { WEBHOOK_INSPECTOR_STORE: urlWithPassword });
    expect(await storeOf(serve)).toEqual({ engine: 'postgresql', location: cluster.url.replace(/\?.*$/, '') });
    expect(commandLineOf(serve)).not.toContain(password);
    expect(serve.stderr()).not.toMatch(warning);
    expect(serve.stderr()).not.toContain(password);
  });

  it('serve takes it from --store-file (trimmed): the password is in no argument, and nothing warns', async () => {
    const serve = await startServe(['--store-file', urlFile(urlWithPassword), '--team']);
    expect(serve.lines['UI listens on']).toBeDefined();
    expect(commandLineOf(serve)).not.toContain(password);
    expect(serve.stderr()).not.toMatch(/warning/);
  });

  it('serve --store with a password works, with a one-line warning that never repeats the password', async () => {
    const serve = await startServe(['--store', urlWithPassword]);
    expect(await storeOf(serve)).toMatchObject({ engine: 'postgresql' });
    expect(serve.stderr()).toMatch(warning);
    expect(serve.stderr().match(new RegExp(warning.source, 'gm'))).toHaveLength(1);
    expect(serve.stderr()).not.toContain(password);
  });

  it('a file that other users can read is used, with a warning to chmod it', async () => {
    const file = urlFile(urlWithPassword, 0o644);
    const { stdout, stderr } = await cli(['serve', 'user', 'list', '--store-file', file]);
    expect(stdout).toBe('');
    expect(stderr).toContain(`warning: ${file} is readable by other users of this machine; chmod 600 it`);
  });

  it('serve user takes it from the variable, the file or the flag (which warns)', async () => {
    const created = await cli(['serve', 'user', 'create', 'erin'], { WEBHOOK_INSPECTOR_STORE: urlWithPassword });
    expect(created.stdout).toContain('User: erin');
    expect(created.stderr).toBe('');
    expect((await cli(['serve', 'user', 'list', '--store-file', urlFile(urlWithPassword)])).stdout).toMatch(/^erin\t/m);
    const flagged = await cli(['serve', 'user', 'list', '--store', urlWithPassword]);
    expect(flagged.stdout).toMatch(/^erin\t/m);
    expect(flagged.stderr).toMatch(warning);
  });

  it('relay and relay channel take it from --store-file or WEBHOOK_INSPECTOR_RELAY_STORE, and warn for --store', async () => {
    const created = await cli(['relay', 'channel', 'create', 'urls', '--store-file', urlFile(relayUrlWithPassword)]);
    expect(created.stdout).toContain('Channel: urls');
    expect(created.stderr).toBe('');
    const listed = await cli(['relay', 'channel', 'list'], { WEBHOOK_INSPECTOR_RELAY_STORE: relayUrlWithPassword });
    expect(listed.stdout).toMatch(/^urls\t/m);
    const flagged = await cli(['relay', 'channel', 'list', '--store', relayUrlWithPassword]);
    expect(flagged.stderr).toMatch(warning);

    const relay = await spawnCommand('relay', ['--http-port', '0', '--store-file', urlFile(relayUrlWithPassword)], 'Relay (HTTP)');
    running.push(relay);
    expect(commandLineOf(relay)).not.toContain(password);
  });

  it('refuses --store with --store-file, and a file that holds no PostgreSQL URL, without echoing it', async () => {
    await expect(cli(['serve', 'user', 'list', '--store', urlWithPassword, '--store-file', urlFile(urlWithPassword)])).rejects.toMatchObject({
      stderr: expect.stringContaining('give --store or --store-file, not both'),
    });
    const file = urlFile(`mysql://root:${password}@db/x`);
    await expect(cli(['serve', 'user', 'list', '--store-file', file])).rejects.toMatchObject({
      stderr: expect.stringContaining(`the file ${file} must hold a postgresql:// URL`),
    });
    await expect(cli(['serve', 'user', 'list', '--store-file', file])).rejects.toMatchObject({ stderr: expect.not.stringContaining(password) });
  });
});
