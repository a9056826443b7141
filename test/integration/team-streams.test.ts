import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamUserAccess } from '../../src/main/core/control/access';
import { EventStream } from '../../src/main/core/control/event-stream';
import { createControlServer } from '../../src/main/core/control/server';
import { closeServer, listen } from '@webhook-inspector/capture';
import { migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { listenForUserChanges } from '../../src/main/core/team/user-change-listener';
import { createUser, revokeUser } from '../../src/main/core/team/users';
import type { CallHandlers } from '../../src/shared/contract';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, createTeamUser, eventTicket, openStream, raw, serveCommand } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';
import { silentLogger } from '../../src/main/core/logger';

const { dataDirs, running } = cleanedUpAfterAll();

let cluster: TestPostgres;
beforeAll(async () => {
  cluster = await startTestPostgres();
}, 60_000);
afterAll(() => cluster?.stop());

describe("a team server's event streams", () => {
  let team: ServeProcess;
  let origin: string;
  const deliver = async () => {
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
  };

  beforeAll(async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    team = await spawnServe(['--data-dir', dataDir, '--store', cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
    running.add(team);
    origin = team.lines['UI listens on']!;
  }, 60_000);

  it('open with a ticket once; the ticket is spent after, and a token in the URL opens nothing', async () => {
    const token = await createTeamUser(cluster.url, 'tess');
    const ticket = (JSON.parse((await eventTicket(origin, token)).body) as { ticket: string; expiresInMs: number });
    expect(ticket.expiresInMs).toBe(30_000);
    const once = await raw(`${origin}/events?ticket=${ticket.ticket}`, { firstChunkOnly: true });
    expect(once.status).toBe(200);
    const twice = await raw(`${origin}/events?ticket=${ticket.ticket}`, { firstChunkOnly: true });
    expect(twice.status).toBe(401);
    expect((await raw(`${origin}/events?ticket=made-up`)).status).toBe(401);
    expect((await raw(`${origin}/events?token=${token}`)).status).toBe(401);
    expect((await raw(`${origin}/events/ticket`, { method: 'POST' })).status).toBe(401);
    expect((await raw(`${origin}/events/ticket`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(405);
  });

  it('are closed at once when their user is revoked at the command line, and get nothing more; the others stay open', async () => {
    const [rob, stay] = [await createTeamUser(cluster.url, 'rob'), await createTeamUser(cluster.url, 'stay')];
    const robs = [await openStream(origin, rob), await openStream(origin, rob)];
    const unspentTicket = JSON.parse((await eventTicket(origin, rob)).body) as { ticket: string };
    const stays = await openStream(origin, stay);
    await serveCommand(cluster.url, 'user', 'revoke', 'rob');
    await until(async () => robs.every((s) => s.ended), (done) => done);
    expect(robs.map((s) => s.ended)).toEqual([true, true]);
    // A ticket bought before the revoke opens nothing after it.
    expect((await raw(`${origin}/events?ticket=${unspentTicket.ticket}`)).status).toBe(401);

    await deliver();
    await until(async () => stays.events.includes('deliveries.changed'), (seen) => seen);
    expect(stays.ended).toBe(false);
    for (const stream of robs) expect(stream.events).not.toContain('deliveries.changed');
    stays.close();
  });

  it('are closed when their user changes role, and reopen with the new one', async () => {
    const rita = await createTeamUser(cluster.url, 'rita');
    const stream = await openStream(origin, rita);
    await serveCommand(cluster.url, 'user', 'role', 'rita', 'viewer');
    await until(async () => stream.ended, (ended) => ended);
    expect(stream.ended).toBe(true);

    const reopened = await openStream(origin, rita);
    expect(JSON.parse((await callAs(origin, rita, 'session.get')).body)).toMatchObject({ user: 'rita', role: 'viewer' });
    await deliver();
    await until(async () => reopened.events.includes('deliveries.changed'), (seen) => seen);
    expect(stream.events).not.toContain('deliveries.changed');
    reopened.close();
  });
});

/** A control server on a database of its own, its streams watched as a team server's are. */
async function watchedControlServer(database: string, backstopMs: number) {
  const url = await cluster.createDatabase(database);
  const pool = new pg.Pool({ connectionString: url });
  await migrateInspectorSchema(pool);
  const access = teamUserAccess(pool);
  const events = new EventStream();
  const control = createControlServer({ access, handlers: {} as CallHandlers, events, rendererDir: null, logger: silentLogger });
  const port = await listen(control.server, 0, '127.0.0.1');
  control.setPort(port);
  const listener = listenForUserChanges(url, () => events.recheck(access.rolesNow), silentLogger, backstopMs);
  await listener.ready;
  return {
    pool,
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await listener.close();
      events.close();
      await closeServer(control.server);
      await pool.end();
    },
  };
}

describe('how a server learns of a change to its users', () => {
  it('by the notification the change sends (no periodic check in the test\'s time)', async () => {
    const server = await watchedControlServer('notified', 3_600_000);
    try {
      const { token } = await createUser(server.pool, 'loud');
      const stream = await openStream(server.origin, token);
      await revokeUser(server.pool, 'loud');
      await until(async () => stream.ended, (ended) => ended);
      expect(stream.ended).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('by the periodic check, when the change was not notified', async () => {
    const server = await watchedControlServer('backstop', 200);
    try {
      const { token } = await createUser(server.pool, 'quiet');
      const stream = await openStream(server.origin, token);
      // No NOTIFY: as if it were lost while the listening connection was down.
      await server.pool.query("UPDATE inspector_users SET revoked_at = now() WHERE name = 'quiet'");
      await until(async () => stream.ended, (ended) => ended);
      expect(stream.ended).toBe(true);
    } finally {
      await server.close();
    }
  });
});
