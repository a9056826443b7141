import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli, spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, eventsAs } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const runCli = promisify(execFile);
const { dataDirs, running } = cleanedUpAfterAll();
const publicOrigin = 'https://inspector.example.com';

let cluster: TestPostgres;
let pool: pg.Pool;
let target: ReplayTarget;

beforeAll(async () => {
  cluster = await startTestPostgres();
  pool = new pg.Pool({ connectionString: cluster.url });
  pool.on('error', () => {});
  target = await startTarget();
}, 60_000);

afterAll(async () => {
  for (const process of running) process.child.kill('SIGKILL');
  await Promise.all([...running].map((p) => p.exited));
  running.clear();
  await target?.close();
  await pool?.end();
  await cluster?.stop();
});

function users(...args: string[]) {
  return runCli(process.execPath, [builtCli, 'serve', 'user', ...args, '--store', cluster.url]);
}

async function createUser(name: string): Promise<string> {
  const { stdout } = await users('create', name);
  const token = /^Token \(shown once, stored only as a hash\): (\S+)$/m.exec(stdout)?.[1];
  expect(token, stdout).toMatch(/^wit_/);
  return token!;
}

/** A `serve` of its own, with everything it prints kept (to check no token is ever written). */
async function startServe(args: string[]): Promise<ServeProcess & { output: () => string }> {
  const dataDir = tempDataDir();
  dataDirs.push(dataDir);
  const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret, ...args]);
  running.add(serve);
  let output = Object.entries(serve.lines).map(([k, v]) => `${k}: ${v}`).join('\n');
  serve.child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  serve.child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return { ...serve, output: () => output };
}

describe('users of a shared inspector', () => {
  it('are created with a token printed once and stored only as its hash, listed, and refused twice', async () => {
    const token = await createUser('carol');
    const { rows } = await pool.query<{ name: string; token_sha256: Buffer }>('SELECT name, token_sha256 FROM inspector_users');
    expect(rows.map((r) => r.name)).toContain('carol');
    const carol = rows.find((r) => r.name === 'carol')!;
    expect(carol.token_sha256.equals(createHash('sha256').update(token).digest())).toBe(true);
    const dump = JSON.stringify((await pool.query('SELECT * FROM inspector_users')).rows);
    expect(dump).not.toContain(token);

    await expect(users('create', 'carol')).rejects.toMatchObject({ stderr: expect.stringContaining('a user named carol exists already') });
    await expect(users('create', 'no spaces')).rejects.toMatchObject({ stderr: expect.stringContaining('a user name is') });
    expect((await users('list')).stdout).toMatch(/^carol\tmember\tcreated \S+\tactive$/m);
  });
});

describe('a team serve on PostgreSQL', () => {
  let team: Awaited<ReturnType<typeof startServe>>;
  let origin: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    alice = await createUser('alice');
    bob = await createUser('bob');
    // The replay target is on this host: allowed explicitly, as a team server refuses loopback otherwise.
    team = await startServe(['--store', cluster.url, '--team', '--allowed-origin', publicOrigin, '--allow-target', '127.0.0.1']);
    // The printed UI address is the public origin (at the proxy); the test reaches the server where it listens.
    origin = team.lines['UI listens on']!;
  }, 60_000);

  it('prints its UI address without a token, and lets each user in with their own', async () => {
    expect(team.lines.UI).toBe(`${publicOrigin}/`);
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const token of [alice, bob]) {
      expect((await callAs(origin, token, 'status.get')).status).toBe(200);
      const events = await eventsAs(origin, token);
      expect(events.status).toBe(200);
    }
  });

  it('refuses no token, a wrong one and a personal inspector\'s per-start token alike (401, nothing learned)', async () => {
    const personal = await startServe(['--store', cluster.url]);
    const perStart = new URL(personal.lines.UI!).searchParams.get('token')!;
    expect(perStart).toBeTruthy();
    // The personal one lets its own token in: the token is real, only not for the team server.
    expect((await callAs(new URL(personal.lines.UI!).origin, perStart, 'status.get')).status).toBe(200);
    const refused = await Promise.all([
      callAs(origin, null, 'status.get'),
      callAs(origin, 'wit_not-a-user', 'status.get'),
      callAs(origin, perStart, 'status.get'),
      callAs(origin, `${alice}x`, 'status.get'),
      eventsAs(origin, perStart),
    ]);
    expect(refused.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(refused.map((r) => r.body)).size).toBe(1);
  });

  it('shows every user the same deliveries, and records who sent a replay', async () => {
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const listAs = async (token: string) =>
      JSON.parse((await callAs(origin, token, 'deliveries.list', { limit: 50 })).body) as { items: Array<{ id: number }> };
    const seenByAlice = await until(() => listAs(alice), (page) => page.items.length > 0);
    const seenByBob = await listAs(bob);
    expect(seenByBob.items.map((d) => d.id)).toEqual(seenByAlice.items.map((d) => d.id));

    const deliveryId = seenByAlice.items[0]!.id;
    const sent = await callAs(origin, alice, 'replay.send', { deliveryId, url: `${target.url}/hook` });
    expect(sent.status, sent.body).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ sentBy: 'alice' });
    const history = JSON.parse((await callAs(origin, bob, 'replay.list', { deliveryId })).body) as { items: Array<{ sentBy: string | null }> };
    expect(history.items.map((r) => r.sentBy)).toEqual(['alice']);
  });

  it('serves the UI under its public origin, and refuses other origins', async () => {
    const atPublicHost = { Host: new URL(publicOrigin).host, Origin: publicOrigin, 'Sec-Fetch-Site': 'same-origin' };
    expect((await callAs(origin, alice, 'status.get', {}, atPublicHost)).status).toBe(200);
    expect((await callAs(origin, alice, 'status.get', {}, { ...atPublicHost, Origin: 'https://evil.example' })).status).toBe(403);
    expect((await callAs(origin, alice, 'status.get', {}, { Host: 'evil.example' })).status).toBe(403);
  });

  it('stops letting a revoked user in at once, says so to the token\'s holder only (naming no one), and the others stay in', async () => {
    await users('revoke', 'bob');
    const [call, events, unknown] = await Promise.all([callAs(origin, bob, 'status.get'), eventsAs(origin, bob), callAs(origin, 'wit_x', 'status.get')]);
    expect([call.status, events.status, unknown.status]).toEqual([401, 401, 401]);
    expect(JSON.parse(call.body)).toEqual({ error: 'this token was revoked: ask an admin for a new one', refused: 'revoked' });
    expect(events.body).toBe(call.body);
    expect(JSON.parse(unknown.body)).toEqual({ error: 'missing or unrecognised token', refused: 'unrecognised' });
    expect((await callAs(origin, alice, 'status.get')).status).toBe(200);
    expect((await users('list')).stdout).toMatch(/^bob\tmember\tcreated \S+\trevoked \S+$/m);
    await expect(users('revoke', 'bob')).rejects.toMatchObject({ stderr: expect.stringContaining('no active user named bob') });
  });

  it('says when no user may administer it (users from before roles are members)', async () => {
    await until(async () => team.output(), (output) => output.includes('no user has the admin role'));
    expect(team.output()).toContain('team: no user has the admin role: name one with serve user role NAME admin --store …');
    // A team server logs pino's JSON on stderr, one object a line, for the journal.
    const line = /\{[^\n]*no user has the admin role[^\n]*\}/.exec(team.output())?.[0] ?? '';
    expect(JSON.parse(line)).toMatchObject({ level: 40, msg: 'team: no user has the admin role: name one with serve user role NAME admin --store …' });
  });

  it('never writes a token in what it prints', () => {
    for (const token of [alice, bob]) expect(team.output()).not.toContain(token);
  });
});

describe('where a team serve listens', () => {
  it('binds the address --ui-host gives, and nothing else', async () => {
    const token = await createUser('dave');
    const team = await startServe(['--store', cluster.url, '--team', '--ui-host', '127.0.0.2']);
    const printed = new URL(team.lines.UI!);
    expect(printed.hostname).toBe('127.0.0.2');
    expect((await callAs(printed.origin, token, 'status.get')).status).toBe(200);
    await expect(callAs(`http://127.0.0.1:${printed.port}`, token, 'status.get')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('is refused without a PostgreSQL store, and --ui-host without --team', async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    await expect(runCli(process.execPath, [builtCli, 'serve', '--data-dir', dataDir, '--team'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--team needs --store postgresql://'),
    });
    await expect(runCli(process.execPath, [builtCli, 'serve', '--data-dir', dataDir, '--ui-host', '0.0.0.0'])).rejects.toMatchObject({
      stderr: expect.stringContaining('are for a team server (--team)'),
    });
  });
});
