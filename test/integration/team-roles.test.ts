import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '../../src/shared/contract';
import { Role, callRoles, roleAllows } from '../../src/shared/roles';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { withTestPostgres } from '../support/postgres-per-suite';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, createTeamUser } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';

const { dataDirs, running } = cleanedUpAfterAll();
const callNames = Object.keys(calls) as CallName[];

/**
 * Inputs that would change something if the call were let through: a refused call must leave all of it as it was.
 * Any other call is sent `{}` (refused all the same: the role is checked before the input).
 */
function harmfulInputs(deliveryId: number, target: string): Partial<Record<CallName, unknown>> {
  return {
    'settings.setSecret': { secret: 'an-attacker-secret' },
    'settings.setPolicy': { status: 410 },
    'settings.setPorts': { https: 0, http: 0 },
    'settings.setService': { connection: { mode: 'service', baseUrl: target }, apiToken: 'an-attacker-token' },
    'settings.setRetention': { keepDays: null, keepBytes: 1 },
    'sources.set': { url: target, token: 'an-attacker-relay-token', fingerprint: null },
    'replay.send': { deliveryId, url: `${target}/hook` },
    'replay.many': { selection: { deliveryIds: [deliveryId] }, url: `${target}/hook` },
    'forward.set': { enabled: true, target: `${target}/hook`, appendPath: false, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false },
    'export.fixtures': { selection: { deliveryIds: [deliveryId] } },
    'import.path': { path: '/etc/hostname' },
    'simulator.configure': { duplicateRate: 1 },
    'simulator.resend': { id: 1 },
    'users.create': { name: 'intruder', role: 'admin' },
    'users.setRole': { name: 'viewer-user', role: 'admin' },
    'users.revoke': { name: 'admin-user' },
  };
}

describe('the role matrix of a team server: every call of the contract × every role', () => {
  const postgres = withTestPostgres();
  let target: ReplayTarget;
  let team: ServeProcess;
  let origin: string;
  let deliveryId: number;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    target = await startTarget();
    for (const role of Role.options) tokens[role] = await createTeamUser(postgres.cluster.url, `${role}-user`, role);
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    team = await spawnServe(['--data-dir', dataDir, '--store', postgres.cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret, '--allow-target', '127.0.0.1']);
    running.add(team);
    origin = team.lines['UI listens on']!;
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const list = await until(
      async () => JSON.parse((await callAs(origin, tokens.viewer, 'deliveries.list', {})).body) as { items: Array<{ id: number }> },
      (page) => page.items.length > 0,
    );
    deliveryId = list.items[0]!.id;
  }, 120_000);

  afterAll(async () => {
    await target?.close();
  });

  /** Everything a refused call could have changed, as an admin reads it. */
  async function state() {
    const read = async (name: string) => JSON.parse((await callAs(origin, tokens.admin, name, {})).body) as unknown;
    const { rows } = await postgres.pool.query<{ deliveries: string; replays: string }>(
      'SELECT (SELECT count(*) FROM deliveries) AS deliveries, (SELECT count(*) FROM replays) AS replays',
    );
    const users = (await postgres.pool.query('SELECT name, role, revoked_at FROM inspector_users ORDER BY name')).rows;
    const status = (await read('status.get')) as Record<string, unknown>;
    // Each read has a later revision (the order the core read it in): what the status says is compared, not when.
    delete status.revision;
    return { status, forward: await read('forward.get'), rows: rows[0], users, targetRequests: target.requests.length };
  }

  it('refuses (403, naming the role needed) every call a role may not make, and nothing changes', async () => {
    const before = await state();
    const inputs = harmfulInputs(deliveryId, target.url);
    const refusedPairs: string[] = [];
    for (const role of Role.options) {
      for (const name of callNames.filter((call) => !roleAllows(role, call))) {
        const answer = await callAs(origin, tokens[role], name, inputs[name] ?? {});
        expect(answer.status, `${name} as ${role}: ${answer.body}`).toBe(403);
        expect(JSON.parse(answer.body)).toEqual({ error: `${name} needs the ${callRoles[name]} role; you are ${role}` });
        refusedPairs.push(`${role} ${name}`);
      }
    }
    expect(await state()).toEqual(before);
    // Viewers are refused every change, members the server-wide ones; admins nothing.
    expect(refusedPairs.filter((p) => p.startsWith('viewer ')).length).toBe(callNames.filter((c) => callRoles[c] !== 'viewer').length);
    expect(refusedPairs.filter((p) => p.startsWith('member ')).length).toBe(callNames.filter((c) => callRoles[c] === 'admin').length);
    expect(refusedPairs.some((p) => p.startsWith('admin '))).toBe(false);
    expect(refusedPairs).toContain('viewer replay.send');
    expect(refusedPairs).toContain('member settings.setRetention');
  });

  it('lets every role make the calls it may (an empty input may be a 400, never a 403)', async () => {
    for (const role of Role.options) {
      for (const name of callNames.filter((call) => roleAllows(role, call))) {
        const answer = await callAs(origin, tokens[role], name, {});
        expect(answer.status, `${name} as ${role}: ${answer.body}`).not.toBe(403);
      }
    }
  });

  it('tells each user who they are, with their role', async () => {
    for (const role of Role.options) {
      const answer = await callAs(origin, tokens[role], 'session.get');
      expect(JSON.parse(answer.body)).toEqual({ user: `${role}-user`, role, team: true });
    }
  });

  it('lets a member replay, and not a viewer', async () => {
    const replay = { deliveryId, url: `${target.url}/hook` };
    expect((await callAs(origin, tokens.viewer, 'replay.send', replay)).status).toBe(403);
    const sent = await callAs(origin, tokens.member, 'replay.send', replay);
    expect(sent.status, sent.body).toBe(200);
    expect(JSON.parse(sent.body)).toMatchObject({ sentBy: 'member-user' });
  });
});

describe('a personal inspector', () => {
  it('lets its one user (the per-start token) make every call: an admin', async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const personal = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator']);
    running.add(personal);
    const ui = new URL(personal.lines.UI!);
    const token = ui.searchParams.get('token')!;
    expect(JSON.parse((await callAs(ui.origin, token, 'session.get')).body)).toEqual({ user: null, role: 'admin', team: false });
    for (const name of callNames) {
      expect((await callAs(ui.origin, token, name, {})).status, name).not.toBe(403);
    }
  });
});
