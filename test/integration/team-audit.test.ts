import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../../src/shared/team';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { withTestPostgres } from '../support/postgres-per-suite';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, createTeamUser, serveCommand } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const { dataDirs, running } = cleanedUpAfterAll();
const secrets = { signing: 'the-new-signing-secret-value', api: 'the-service-api-token-value', relay: 'the-relay-token-value' };

describe('the audit log of a team server', () => {
  const postgres = withTestPostgres();
  let target: ReplayTarget;
  let team: ServeProcess;
  let origin: string;
  let admin: string;
  let member: string;
  let viewer: string;

  beforeAll(async () => {
    target = await startTarget();
    admin = await createTeamUser(postgres.cluster.url, 'ada', 'admin');
    member = await createTeamUser(postgres.cluster.url, 'max');
    viewer = await createTeamUser(postgres.cluster.url, 'vic', 'viewer');
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    team = await spawnServe(['--data-dir', dataDir, '--store', postgres.cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret, '--allow-target', '127.0.0.1']);
    running.add(team);
    origin = team.lines['UI listens on']!;
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  async function entries(): Promise<AuditEntry[]> {
    const answer = await callAs(origin, admin, 'audit.list', { limit: 500 });
    expect(answer.status, answer.body).toBe(200);
    return (JSON.parse(answer.body) as AuditPage).items;
  }
  const newest = async (action: string) => (await entries()).find((e) => e.action === action);

  it('records who changed what, with the outcome, and never a secret', async () => {
    expect((await callAs(origin, admin, 'settings.setSecret', { secret: secrets.signing })).status).toBe(200);
    expect(await newest('settings.setSecret')).toMatchObject({ actor: 'ada', details: { secret: '[removed]' }, status: 200, outcome: 'ok', target: null });

    await callAs(origin, admin, 'settings.setService', { connection: { mode: 'service', baseUrl: target.url }, apiToken: secrets.api });
    expect(await newest('settings.setService')).toMatchObject({ actor: 'ada', target: target.url, details: { apiToken: '[removed]' } });

    await callAs(origin, admin, 'sources.set', { url: `${target.url}/relay`, token: secrets.relay, fingerprint: null });
    expect(await newest('sources.set')).toMatchObject({ actor: 'ada', target: `${target.url}/relay`, details: { token: '[removed]' } });
    expect((await callAs(origin, admin, 'sources.clear')).status).toBe(200);

    const dump = JSON.stringify((await postgres.pool.query('SELECT * FROM audit_log')).rows);
    for (const value of Object.values(secrets)) expect(dump).not.toContain(value);
  });

  it('records a replay with its target and who sent it', async () => {
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const list = await until(
      async () => JSON.parse((await callAs(origin, member, 'deliveries.list')).body) as { items: Array<{ id: number }> },
      (page) => page.items.length > 0,
    );
    const deliveryId = list.items[0]!.id;
    const sent = await callAs(origin, member, 'replay.send', { deliveryId, url: `${target.url}/hook` });
    expect(sent.status, sent.body).toBe(200);
    expect(await newest('replay.send')).toMatchObject({ actor: 'max', target: `${target.url}/hook`, details: { deliveryId }, status: 200, outcome: 'ok' });
  });

  it('records a refused change (403) and a failed one (400) with their message, and no read', async () => {
    await callAs(origin, member, 'settings.setRetention', { keepDays: null, keepBytes: 1 });
    expect(await newest('settings.setRetention')).toMatchObject({
      actor: 'max',
      status: 403,
      outcome: 'settings.setRetention needs the admin role; you are member',
      details: { keepBytes: 1 },
    });
    await callAs(origin, admin, 'settings.setPolicy', { status: 'teapot' });
    expect(await newest('settings.setPolicy')).toMatchObject({ actor: 'ada', status: 400, outcome: 'invalid input to settings.setPolicy' });

    const before = (await entries()).length;
    for (const token of [viewer, member, admin]) await callAs(origin, token, 'deliveries.list');
    await callAs(origin, admin, 'status.get');
    expect((await entries()).length).toBe(before);
  });

  it('records the users created, changed and revoked at the command line, by the operating system user', async () => {
    await createTeamUser(postgres.cluster.url, 'zed');
    await serveCommand(postgres.cluster.url, 'user', 'role', 'zed', 'admin');
    await serveCommand(postgres.cluster.url, 'user', 'revoke', 'zed');
    await expect(serveCommand(postgres.cluster.url, 'user', 'revoke', 'zed')).rejects.toThrow();
    const users = (await entries()).filter((e) => e.target === 'zed').reverse();
    expect(users.map((e) => [e.action, e.status, e.details])).toEqual([
      ['users.create', 200, { name: 'zed', role: 'member' }],
      ['users.setRole', 200, { name: 'zed', role: 'admin', previousRole: 'member' }],
      ['users.revoke', 200, { name: 'zed' }],
      ['users.revoke', 404, { name: 'zed' }],
    ]);
    expect(users[0]!.actor).toMatch(/^command line \(.+\)$/);
    expect(users[3]!.outcome).toBe('no active user named zed');
  });

  it('is listed to admins only, newest first, a page at a time', async () => {
    for (const token of [member, viewer]) expect((await callAs(origin, token, 'audit.list')).status).toBe(403);
    const all = await entries();
    expect(all.length).toBeGreaterThan(5);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const paged: AuditEntry[] = [];
    let beforeId: number | null | undefined;
    do {
      const page = JSON.parse((await callAs(origin, admin, 'audit.list', { limit: 2, ...(beforeId ? { beforeId } : {}) })).body) as AuditPage;
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...page.items);
      beforeId = page.nextBeforeId;
    } while (beforeId !== null);
    expect(paged).toEqual(all);
  });
});

describe('a personal inspector', () => {
  it('keeps no audit log, and says so', async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const personal = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator']);
    running.add(personal);
    const ui = new URL(personal.lines.UI!);
    const answer = await callAs(ui.origin, ui.searchParams.get('token'), 'audit.list');
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ error: 'the audit log is kept on a team server (serve --team) only' });
  });
});

describe("a team server's users, managed by its admins", () => {
  let cluster: TestPostgres;
  let team: ServeProcess;
  let origin: string;
  let admin: string;

  beforeAll(async () => {
    cluster = await startTestPostgres();
    admin = await createTeamUser(cluster.url, 'root-admin', 'admin');
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    team = await spawnServe(['--data-dir', dataDir, '--store', cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
    running.add(team);
    origin = team.lines['UI listens on']!;
  }, 120_000);
  afterAll(() => cluster?.stop());

  const as = async (token: string, name: string, input: unknown = {}) => {
    const answer = await callAs(origin, token, name, input);
    return { status: answer.status, body: JSON.parse(answer.body) as Record<string, unknown> };
  };

  it('are created with a token shown once, given another role, and revoked; each change audited without the token', async () => {
    const created = await as(admin, 'users.create', { name: 'nina', role: 'viewer' });
    expect(created.status).toBe(200);
    const token = created.body.token as string;
    expect(token).toMatch(/^wit_/);
    expect((await as(token, 'session.get')).body).toEqual({ user: 'nina', role: 'viewer', team: true });
    expect((await as(admin, 'users.create', { name: 'nina', role: 'admin' })).status).toBe(409);

    const promoted = await as(admin, 'users.setRole', { name: 'nina', role: 'member' });
    expect(promoted.body.items).toContainEqual(expect.objectContaining({ name: 'nina', role: 'member', revokedAt: null }));
    expect((await as(token, 'session.get')).body).toMatchObject({ role: 'member' });

    await as(admin, 'users.revoke', { name: 'nina' });
    expect((await as(token, 'session.get')).status).toBe(401);
    expect((await as(admin, 'users.revoke', { name: 'nina' })).status).toBe(404);

    const log = (await as(admin, 'audit.list')).body.items as AuditEntry[];
    expect(log.filter((e) => e.target === 'nina').map((e) => [e.action, e.status, e.actor]).reverse()).toEqual([
      ['users.create', 200, 'root-admin'],
      ['users.create', 409, 'root-admin'],
      ['users.setRole', 200, 'root-admin'],
      ['users.revoke', 200, 'root-admin'],
      ['users.revoke', 404, 'root-admin'],
    ]);
    const pool = new pg.Pool({ connectionString: cluster.url });
    try {
      expect(JSON.stringify((await pool.query('SELECT * FROM audit_log')).rows)).not.toContain(token);
    } finally {
      await pool.end();
    }
  });

  it('cannot lock an admin out by their own hand', async () => {
    for (const [call, input] of [['users.setRole', { name: 'root-admin', role: 'viewer' }], ['users.revoke', { name: 'root-admin' }]] as const) {
      const answer = await as(admin, call, input);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatch(/^you cannot .* yourself here/);
    }
    expect((await as(admin, 'session.get')).body).toMatchObject({ role: 'admin' });
  });
});
