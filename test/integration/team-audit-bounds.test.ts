import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { migrateInspectorSchema } from '../../src/main/core/store/postgres/schema';
import { AuditRetention } from '../../src/main/core/team/audit-retention';
import { postgresAuditLog } from '../../src/main/core/team/audit-log';
import type { CoreStatus } from '../../src/shared/contract';
import type { AuditEntry, AuditPage } from '../../src/shared/team';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { testSecret } from '../support/deliveries';
import { withTestPostgres } from '../support/postgres-per-suite';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { callAs, createTeamUser, raw } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';
import { silentLogger } from '../../src/main/core/logger';

const { dataDirs, running } = cleanedUpAfterAll();
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A call with its body as given (any JSON text), answered with its status, headers and body. */
function post(url: string, token: string, text: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

interface Row {
  id: number;
  action: string;
  target: string | null;
  details: string;
  details_cut: string | null;
  status: number;
  outcome: string;
  row_bytes: number;
}

describe("a team server's audit log is bounded and complete", () => {
  const postgres = withTestPostgres();
  let team: ServeProcess;
  let origin: string;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    for (const [name, role] of [['ada', 'admin'], ['max', 'member'], ['vic', 'viewer'], ['flood', 'viewer'], ['filler', 'viewer']] as const) {
      tokens[name] = await createTeamUser(postgres.cluster.url, name, role);
    }
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    team = await spawnServe(['--data-dir', dataDir, '--store', postgres.cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
    running.add(team);
    origin = team.lines['UI listens on']!;
  }, 120_000);

  /** The newest rows of `actor`, as stored, with each row's size on disk. */
  async function rowsOf(actor: string, limit = 10): Promise<Row[]> {
    const { rows } = await postgres.pool.query<Row>(
      `SELECT id::int, action, target, details, details_cut, status, outcome, pg_column_size(audit_log.*)::int AS row_bytes
       FROM audit_log WHERE actor = $1 ORDER BY id DESC LIMIT $2`,
      [actor, limit],
    );
    return rows;
  }
  const cutOf = (row: Row) => (row.details_cut === null ? null : (JSON.parse(row.details_cut) as { sha256: string; bytes: number }));

  it('records a refused call whose input is 1 MiB of one key in a row of a few KiB, with the digest of the whole', async () => {
    const text = JSON.stringify({ [`k${'x'.repeat(1024 * 1024 - 64)}`]: 1 });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024 * 1024);
    const answer = await post(`${origin}/rpc/settings.setRetention`, tokens.vic!, text);
    expect(answer.status, answer.body).toBe(403);
    const [row] = await rowsOf('vic', 1);
    expect(row).toMatchObject({ action: 'settings.setRetention', status: 403, outcome: 'settings.setRetention needs the admin role; you are viewer' });
    expect(Buffer.byteLength(row!.details)).toBeLessThanOrEqual(4096);
    expect(row!.row_bytes).toBeLessThan(8192);
    expect(cutOf(row!)).toEqual({ sha256: sha256(text), bytes: Buffer.byteLength(text) });
    // The admin reads the same, with the cut said.
    const listed = JSON.parse((await callAs(origin, tokens.ada!, 'audit.list', { limit: 5 })).body) as AuditPage;
    expect(listed.items.find((e) => e.id === row!.id)?.cut).toEqual({ sha256: sha256(text), bytes: Buffer.byteLength(text) });
  });

  it('records a refused call of 100,000 keys and one nested 200,000 deep, bounded, and the server answers on', async () => {
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [String(i), 1])));
    expect(Buffer.byteLength(many)).toBeLessThanOrEqual(1024 * 1024);
    expect((await post(`${origin}/rpc/replay.send`, tokens.vic!, many)).status).toBe(403);
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect((await post(`${origin}/rpc/replay.many`, tokens.vic!, deep)).status).toBe(403);
    const [deepRow, manyRow] = await rowsOf('vic', 2);
    expect([deepRow!.action, manyRow!.action]).toEqual(['replay.many', 'replay.send']);
    for (const [row, input] of [[deepRow!, deep], [manyRow!, many]] as const) {
      expect(row.status).toBe(403);
      expect(Buffer.byteLength(row.details)).toBeLessThanOrEqual(4096);
      expect(cutOf(row)).toEqual({ sha256: sha256(input), bytes: Buffer.byteLength(input) });
    }
    // Let through the role, an input that deep is refused before anything walks it, and recorded.
    const member = await post(`${origin}/rpc/replay.many`, tokens.max!, deep);
    expect(member.status, member.body).toBe(400);
    expect(JSON.parse(member.body)).toEqual({ error: 'the input is nested deeper than 64 levels' });
    expect((await rowsOf('max', 1))[0]).toMatchObject({ action: 'replay.many', status: 400, outcome: 'the input is nested deeper than 64 levels' });
    // Nowhere else on the control server does it blow the stack: a viewer's read, a download's request.
    const read = await post(`${origin}/rpc/deliveries.list`, tokens.vic!, deep);
    expect([read.status, JSON.parse(read.body)]).toEqual([400, { error: 'the input is nested deeper than 64 levels' }]);
    const download = await post(`${origin}/transfer/export`, tokens.max!, deep);
    expect(download.status, download.body).toBe(400);
    expect((await callAs(origin, tokens.vic!, 'status.get')).status).toBe(200);
  });

  it("records a viewer's refused audit.list and users.list", async () => {
    for (const name of ['audit.list', 'users.list']) expect((await callAs(origin, tokens.vic!, name)).status).toBe(403);
    expect((await rowsOf('vic', 2)).map((r) => [r.action, r.status, r.outcome])).toEqual([
      ['users.list', 403, 'users.list needs the admin role; you are viewer'],
      ['audit.list', 403, 'audit.list needs the admin role; you are viewer'],
    ]);
    // An admin's reads are not changes: not recorded.
    const before = (await rowsOf('ada', 1))[0]?.id ?? 0;
    for (const name of ['audit.list', 'users.list']) expect((await callAs(origin, tokens.ada!, name)).status).toBe(200);
    expect((await rowsOf('ada', 1))[0]?.id ?? 0).toBe(before);
  });

  it('answers 404 to a name that is not a call of its own, constructor, __proto__ and toString included', async () => {
    for (const token of [tokens.vic!, tokens.ada!]) {
      for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'no.such']) {
        const answer = await callAs(origin, token, name);
        expect(answer.status, `${name}: ${answer.body}`).toBe(404);
        expect(JSON.parse(answer.body)).toEqual({ error: `unknown call ${name}` });
      }
    }
    const { rows } = await postgres.pool.query<{ action: string; target: string; status: number }>(
      "SELECT action, target, status FROM audit_log WHERE actor = 'vic' AND status = 404 ORDER BY id",
    );
    expect(rows).toEqual(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'no.such'].map((target) => ({ action: 'rpc.unknown', target, status: 404 })));
    const garbled = await postgres.pool.query("SELECT 1 FROM audit_log WHERE action IN ('constructor', '__proto__', 'toString')");
    expect(garbled.rowCount).toBe(0);
  });

  it("records the fixtures export's refusal with the status it was answered with", async () => {
    const exportAs = (token: string, input: unknown) =>
      raw(`${origin}/transfer/export`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
    const sameSecret = await exportAs(tokens.ada!, { format: 'fixtures', selection: 'all', testSecret });
    expect(sameSecret.status, sameSecret.body).toBe(400);
    const viewer = await exportAs(tokens.vic!, { format: 'fixtures', selection: 'all' });
    expect(viewer.status).toBe(403);
    const newest = async (actor: string) => (await rowsOf(actor, 1))[0];
    expect(await until(() => newest('ada'), (row) => row?.action === 'export.download')).toMatchObject({
      action: 'export.download',
      status: 400,
      outcome: JSON.parse(sameSecret.body).error,
    });
    expect(await until(() => newest('vic'), (row) => row?.action === 'export.download')).toMatchObject({ action: 'export.download', status: 403 });
  });

  it('keeps the audit log within the retention an admin sets, shown to admins only', async () => {
    const status = async (token: string) => JSON.parse((await callAs(origin, token, 'status.get')).body) as CoreStatus;
    expect((await status(tokens.ada!)).auditRetention).toEqual({ keepDays: 90, keepEntries: 100_000 });
    expect((await status(tokens.vic!)).auditRetention).toBeNull();

    await postgres.pool.query(
      "INSERT INTO audit_log (at, actor, action, details, status, outcome) SELECT now() - interval '40 days', 'old', 'replay.send', '{}', 200, 'ok' FROM generate_series(1, 30)",
    );
    await postgres.pool.query(
      "INSERT INTO audit_log (at, actor, action, details, status, outcome) SELECT now() - interval '1 day', 'recent', 'replay.send', '{}', 200, 'ok' FROM generate_series(1, 1500)",
    );
    expect((await callAs(origin, tokens.max!, 'audit.setRetention', { keepDays: 30, keepEntries: 1000 })).status).toBe(403);
    const bad = await callAs(origin, tokens.ada!, 'audit.setRetention', { keepDays: 30, keepEntries: 10 });
    expect(bad.status, 'never unbounded, never nothing').toBe(400);

    const total = async () => Number((await postgres.pool.query('SELECT count(*) AS n FROM audit_log')).rows[0].n);
    const before = await total();
    const applied = await callAs(origin, tokens.ada!, 'audit.setRetention', { keepDays: 30, keepEntries: 1000 });
    expect(applied.status, applied.body).toBe(200);
    expect(JSON.parse(applied.body)).toEqual({ limits: { keepDays: 30, keepEntries: 1000 }, removed: before - 1000 });
    const old = await postgres.pool.query("SELECT 1 FROM audit_log WHERE actor = 'old'");
    expect(old.rowCount).toBe(0);
    // The 1,000 newest, and the change itself, recorded after.
    expect(await total()).toBe(1001);
    expect((await rowsOf('ada', 1))[0]).toMatchObject({ action: 'audit.setRetention', status: 200 });
    expect((await status(tokens.ada!)).auditRetention).toEqual({ keepDays: 30, keepEntries: 1000 });
  });

  it("answers a user's burst of refused calls 429 with when to retry, and records the first 429 only", async () => {
    const started = Date.now();
    const answers: Array<Awaited<ReturnType<typeof post>>> = [];
    for (let i = 0; i < 400 && answers.at(-1)?.status !== 429; i++) answers.push(await post(`${origin}/rpc/settings.setSecret`, tokens.flood!, '{"secret":"x"}'));
    const elapsedMs = Date.now() - started;
    const held = answers.at(-1)!;
    expect(held.status, 'a 429 within 400 refused calls').toBe(429);
    const refusedCount = answers.filter((a) => a.status === 403).length;
    expect(refusedCount).toBe(answers.length - 1);
    // The burst (120), and one for each 5 s the burst took.
    expect(refusedCount).toBeGreaterThanOrEqual(120);
    expect(refusedCount).toBeLessThanOrEqual(120 + Math.ceil(elapsedMs / 5000));
    const body = JSON.parse(held.body) as { error: string; retryAfterSeconds: number };
    expect(body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(body.retryAfterSeconds).toBeLessThanOrEqual(5);
    expect(held.headers['retry-after']).toBe(String(body.retryAfterSeconds));
    expect(body.error).toBe(`too many refused calls from you: try again in ${body.retryAfterSeconds} s (calls your role may make are not limited)`);

    // Held back, each refusal is answered 429 and not recorded again, a refused download too; allowed calls go on.
    for (let i = 0; i < 5; i++) expect((await post(`${origin}/rpc/users.list`, tokens.flood!, '{}')).status).toBe(429);
    const download = await raw(`${origin}/transfer/export`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.flood}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ format: 'ndjson' }),
    });
    expect(download.status).toBe(429);
    expect((await callAs(origin, tokens.flood!, 'deliveries.list')).status).toBe(200);
    const { rows } = await postgres.pool.query<{ status: number; n: string }>(
      "SELECT status, count(*) AS n FROM audit_log WHERE actor = 'flood' GROUP BY status ORDER BY status",
    );
    expect(rows.map((r) => [r.status, Number(r.n)])).toEqual([
      [403, refusedCount],
      [429, 1],
    ]);
    // Another user is not held back by it.
    expect((await callAs(origin, tokens.vic!, 'users.list')).status).toBe(403);
  }, 120_000);

  it("grows by well under 2 MB for 200 refused calls of 1 MiB from one viewer (the finding's 208 MB)", async () => {
    const size = async () => Number((await postgres.pool.query("SELECT pg_total_relation_size('audit_log') AS n")).rows[0].n);
    const before = await size();
    const statuses: number[] = [];
    for (let i = 0; i < 200; i++) {
      const text = JSON.stringify({ [`${i}-${'y'.repeat(1024 * 1024 - 64)}`]: i });
      statuses.push((await post(`${origin}/rpc/settings.setSecret`, tokens.filler!, text)).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 403 || s === 429)).toBe(true);
    expect((await size()) - before).toBeLessThan(2 * 1024 * 1024);
  }, 120_000);
});

describe("the audit log's retention, on its own clock", () => {
  const postgres = withTestPostgres();
  let retention: AuditRetention | undefined;
  afterAll(() => retention?.close());

  it('removes what ages past it each time its timer runs, and nothing else', async () => {
    await migrateInspectorSchema(postgres.pool);
    const audit = postgresAuditLog(postgres.pool);
    const values = new Map<string, unknown>();
    const settings = {
      read: <T>(key: string, schema: z.ZodType<T>) => (values.has(key) ? schema.parse(values.get(key)) : undefined),
      write: (key: string, value: unknown) => void values.set(key, value),
      remove: (key: string) => void values.delete(key),
    };
    let now = Date.now();
    const timer: { tick?: () => void; stopped?: boolean } = {};
    retention = new AuditRetention({
      pool: postgres.pool,
      settings,
      now: () => now,
      every: (prune) => {
        timer.tick = prune;
        return () => (timer.stopped = true);
      },
      logger: silentLogger,
    });
    for (let i = 0; i < 3; i++) await audit.record({ actor: 'ada', action: 'replay.send', details: { i }, status: 200 });
    retention.start();
    const count = async () => Number((await postgres.pool.query('SELECT count(*) AS n FROM audit_log')).rows[0].n);
    expect(await retention.prune()).toBe(0);
    expect(await count()).toBe(3);

    // 91 days on, the timer's next run removes them (90 days by default).
    now += 91 * 86_400_000;
    expect(timer.tick).toBeDefined();
    timer.tick!();
    expect(await until(count, (n) => n === 0)).toBe(0);
    await retention.close();
    expect(timer.stopped).toBe(true);
    const entries: AuditEntry[] = (await audit.list(undefined, 10)).items;
    expect(entries).toEqual([]);
  });
});
