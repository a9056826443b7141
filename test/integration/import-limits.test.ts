import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { pack as tarPack } from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../src/main/core/team/transfer-record';
import type { CoreOptions } from '../../src/main/core/core-options';
import { createUser } from '../../src/main/core/team/users';
import { builtCli } from '../support/cli-process';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, storeLocation, stopTestPostgres, type EngineName } from '../support/engines';
import { collectEvents, storedRows, storedRowsIn, upload } from '../support/transfers';

const run = promisify(execFile);
const scratch = () => mkdtempSync(join(tmpdir(), 'import-limits-'));
const limit = 1024 * 1024;
/** The longest line (or HAR entry) a delivery within 1 MiB takes: its body as base64, and 256 KiB beside it. */
const bound = 4 * Math.ceil(limit / 3) + 256 * 1024;

type Core = TestCore & { location: string | undefined; tokenOf: (name: string) => Promise<string> };

/** A team server on a fresh PostgreSQL database, reached as alice; `tokenOf` makes another member. */
async function startTeamCore(options: Partial<CoreOptions> = {}): Promise<Core> {
  const location = (await storeLocation('postgresql'))!;
  const pool = new pg.Pool({ connectionString: location });
  try {
    const t = await startTestCore({ secret: testSecret, store: location, team: {}, ...options });
    const { token } = await createUser(pool, 'alice');
    const tokenOf = async (name: string) => {
      const users = new pg.Pool({ connectionString: location });
      try {
        return (await createUser(users, name)).token;
      } finally {
        await users.end();
      }
    };
    return { ...t, token, location, tokenOf };
  } finally {
    await pool.end();
  }
}

async function startCoreOn(engine: EngineName, options: Partial<CoreOptions> = {}): Promise<Core> {
  if (engine === 'postgresql') return startTeamCore(options);
  const t = await startTestCore({ secret: testSecret, ...options });
  return { ...t, location: undefined, tokenOf: () => Promise.reject(new Error('a personal inspector has one user')) };
}

afterAll(stopTestPostgres);

/** The bytes of a body of `size` (JSON, so that it is analysed as a delivery is). */
const bodyOf = (size: number, mark: string) => {
  const head = `{"event":"payout.test","mark":"${mark}","pad":"`;
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - 2)) + '"}');
};

/** An NDJSON export line of a delivery with this body. */
const ndjsonLine = (body: Buffer, index = 0) =>
  JSON.stringify({
    receivedAt: new Date(1_700_000_000_000 + index).toISOString(),
    method: 'POST',
    path: '/webhooks',
    headers: [['Content-Type', 'application/json']],
    bodyBase64: body.toString('base64'),
  }) + '\n';

/** A HAR document of deliveries with these bodies. */
const harOf = (bodies: Buffer[]) =>
  JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: bodies.map((body, i) => ({
        startedDateTime: new Date(1_700_000_000_000 + i).toISOString(),
        request: { method: 'POST', url: 'https://127.0.0.1:8443/webhooks', headers: [{ name: 'Content-Type', value: 'application/json' }], postData: { mimeType: 'application/json', text: body.toString('utf8') } },
        response: { status: 200, content: { text: '{"received":true}' } },
      })),
    },
  });

const small = (mark: string) => bodyOf(300, mark);
const justOver = bodyOf(limit + 1, 'just over');
const huge = bodyOf(8 * limit, 'huge');

describeEachEngine('an imported delivery keeps the body limit in force (the receiver\'s, 1 MiB)', (engine) => {
  it('an NDJSON upload: a body over it is skipped and named, a line past the bound is not read, the rest is imported', async () => {
    const records: TransferRecord[] = [];
    const t = await startCoreOn(engine, { onTransfer: (record) => records.push(record) });
    try {
      const lines = [ndjsonLine(small('a'), 0), ndjsonLine(justOver, 1), ndjsonLine(huge, 2), ndjsonLine(small('b'), 3)];
      const answer = await upload(t, Buffer.from(lines.join('')), 'export.ndjson');
      expect(answer).toEqual({
        status: 200,
        body: {
          imported: 2,
          skipped: 2,
          errors: [
            `line 2: body of ${limit + 1} bytes is over the body limit of ${limit} bytes; not imported`,
            `line 3: line of ${Buffer.byteLength(lines[2]!) - 1} bytes, longer than the ${bound} a delivery within the body limit of ${limit} bytes takes; not read`,
          ],
        },
      });
      const rows = await storedRowsIn(t);
      expect(rows.map((row) => Buffer.from(row.body).equals(small('a')) || Buffer.from(row.body).equals(small('b')))).toEqual([true, true]);
      expect(records.at(-1)).toMatchObject({ action: 'import', outcome: 'done', detail: 'imported 2, skipped 2' });
    } finally {
      await t.stop();
    }
  });

  it('a HAR upload is read as it arrives: nothing of it is kept on disk, an entry over the limit is skipped and named', async () => {
    const t = await startCoreOn(engine);
    try {
      const answer = await upload(t, Buffer.from(harOf([small('a'), justOver, huge, small('b')])), 'capture.har');
      expect(answer).toEqual({
        status: 200,
        body: {
          imported: 2,
          skipped: 2,
          errors: [
            `entry 2: body of ${limit + 1} bytes is over the body limit of ${limit} bytes; not imported`,
            `entry 3: more than ${bound} characters, longer than a delivery within the body limit of ${limit} bytes takes; not read`,
          ],
        },
      });
      expect((await storedRowsIn(t)).map((row) => Buffer.from(row.body).length)).toEqual([300, 300]);
      const uploads = join(t.dataDir, 'uploads');
      expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    } finally {
      await t.stop();
    }
  });
});

describe('import.path, a fixtures folder and the import command keep it too', () => {
  it('import.path: an NDJSON file and a HAR file; a fixture whose .body file is over the limit', async () => {
    const t = await startTestCore({ secret: testSecret });
    try {
      const dir = scratch();
      writeFileSync(join(dir, 'all.ndjson'), [ndjsonLine(small('a')), ndjsonLine(justOver), ndjsonLine(huge)].join(''));
      expect(await t.call('import.path', { path: join(dir, 'all.ndjson') })).toMatchObject({ imported: 1, skipped: 2 });
      writeFileSync(join(dir, 'all.har'), harOf([justOver, small('b')]));
      expect(await t.call('import.path', { path: join(dir, 'all.har') })).toMatchObject({
        imported: 1,
        skipped: 1,
        errors: [`entry 1: body of ${limit + 1} bytes is over the body limit of ${limit} bytes; not imported`],
      });
      const fixtures = join(dir, 'fixtures');
      await t.call('export.fixtures', { selection: { deliveryIds: storedRows(t.dataDir).map((row) => row.id) }, outDir: fixtures });
      const bodyFile = readdirSync(fixtures).find((name) => name.endsWith('.body'))!;
      writeFileSync(join(fixtures, bodyFile), justOver);
      const result = await t.call('import.path', { path: fixtures });
      expect(result.errors).toContain(`${bodyFile.replace(/\.body$/, '.json')}: body of ${limit + 1} bytes is over the body limit of ${limit} bytes; not imported`);
      expect(storedRows(t.dataDir).every((row) => row.body.length <= limit)).toBe(true);
    } finally {
      await t.stop();
    }
  });

  it('the import command: 1 MiB unless --body-limit says otherwise, as its --help states', async () => {
    const dir = scratch();
    const file = join(dir, 'all.ndjson');
    writeFileSync(file, [ndjsonLine(small('a')), ndjsonLine(justOver)].join(''));
    const cli = (...args: string[]) => run(process.execPath, [builtCli, ...args], { maxBuffer: 16 * 1024 * 1024 });
    const held = await cli('import', file, '--data-dir', tempDataDir(), '--secret', testSecret);
    expect(held.stdout.trim()).toBe('imported 1, skipped 1');
    expect(held.stderr).toContain(`skipped line 2: body of ${limit + 1} bytes is over the body limit of ${limit} bytes; not imported`);
    const raised = await cli('import', file, '--data-dir', tempDataDir(), '--secret', testSecret, '--body-limit', '2MiB');
    expect(raised.stdout.trim()).toBe('imported 2, skipped 0');
    expect((await cli('import', '--help')).stdout).toMatch(/--body-limit SIZE[\s\S]*Default: 1MiB, the receiver's limit/);
  });
});

/** An upload whose first part is sent at once; the rest when `finish` is called. Its answer, when it comes. */
function heldUpload(t: Core, token: string, name: string, first: Buffer, rest: Buffer) {
  let finish!: () => void;
  const answer = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(`${t.core.urls.uiOrigin}/transfer/import?name=${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/x-ndjson', 'Content-Length': first.length + rest.length },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.write(first);
    finish = () => req.end(rest);
  });
  return { answer, finish: () => finish() };
}

/** A request that announces `size` bytes and sends none: answered (or not) before its body. */
function announced(t: Core, token: string, name: string, size: number) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = request(`${t.core.urls.uiOrigin}/transfer/import?name=${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Length': size },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** NDJSON of `count` small deliveries: 600 make a stored chunk (500) and a progress event, while the rest is held. */
const smallLines = (count: number, from = 0) => Buffer.from(Array.from({ length: count }, (_, i) => ndjsonLine(small(`n${from + i}`), from + i)).join(''));

/** Resolves once `count` different imports have stored a chunk (their progress events): they are under way. */
async function importsUnderWay(t: Core, count: number) {
  const jobs = new Set<string>();
  return collectEvents(t, 'transfer.progress', (p) => {
    if (p.kind === 'import' && p.done > 0 && !p.finished) jobs.add(p.jobId);
    return jobs.size >= count;
  });
}

describe('uploads share one budget (a team server on PostgreSQL)', () => {
  it("a user's third upload at once is answered 429 with the reason; another user's goes through; once one ends, theirs does too", { timeout: 120_000 }, async () => {
    const records: TransferRecord[] = [];
    const team = await startTeamCore({ onTransfer: (record) => records.push(record) });
    try {
      const { events } = await importsUnderWay(team, 2);
      const held = [heldUpload(team, team.token, 'one.ndjson', smallLines(600), smallLines(10, 600)), heldUpload(team, team.token, 'two.ndjson', smallLines(600, 1000), smallLines(10, 1600))];
      await events;
      const third = await upload(team, smallLines(5, 2000), 'three.ndjson');
      expect(third).toEqual({ status: 429, body: { error: 'three.ndjson: you have 2 uploads in progress, the most one user may have at once; send it when one has finished' } });
      expect(records.at(-1)).toMatchObject({ user: 'alice', action: 'import', subject: 'three.ndjson', outcome: 'refused' });
      const bob = await team.tokenOf('bob');
      expect(await upload({ core: team.core, token: bob }, smallLines(5, 3000), 'bobs.ndjson')).toEqual({ status: 200, body: { imported: 5, skipped: 0, errors: [] } });
      held[0]!.finish();
      expect(await held[0]!.answer).toEqual({ status: 200, body: { imported: 610, skipped: 0, errors: [] } });
      expect(await upload(team, smallLines(5, 2000), 'three.ndjson')).toEqual({ status: 200, body: { imported: 5, skipped: 0, errors: [] } });
      held[1]!.finish();
      expect((await held[1]!.answer).status).toBe(200);
    } finally {
      await team.stop();
    }
  });

  it('past the bytes all uploads in progress may hold: 429 while others hold them, 413 for an upload that alone is more', { timeout: 120_000 }, async () => {
    const total = 4 * 1024 * 1024;
    const team = await startTeamCore({ uploadBudget: { totalBytes: total } });
    try {
      const bob = await team.tokenOf('bob');
      const first = smallLines(600);
      const { events } = await importsUnderWay(team, 1);
      const held = heldUpload(team, team.token, 'big.ndjson', first, Buffer.alloc(3 * 1024 * 1024 - first.length, '\n'));
      await events;
      expect(await announced(team, bob, 'other.ndjson', 2 * 1024 * 1024)).toEqual({
        status: 429,
        body: { error: `other.ndjson: the uploads in progress on this server hold ${3 * 1024 * 1024} of the ${total} bytes all uploads together may hold; send it when some have finished` },
      });
      expect(await announced(team, bob, 'alone.ndjson', total + 1)).toEqual({
        status: 413,
        body: { error: `alone.ndjson would hold more than ${total} bytes (its size and what it unpacks to), more than all uploads together may hold on this server` },
      });
      held.finish();
      expect(await held.answer).toEqual({ status: 200, body: { imported: 600, skipped: 0, errors: [] } });
      expect(await upload({ core: team.core, token: bob }, smallLines(5, 5000), 'other.ndjson')).toMatchObject({ status: 200 });
    } finally {
      await team.stop();
    }
  });

  it('an archive counts what it unpacks against the budget', async () => {
    const total = 8 * 1024 * 1024;
    const team = await startTeamCore({ uploadBudget: { totalBytes: total } });
    try {
      // Random bytes: an archive that does not compress, so the ratio has nothing to say.
      const archive = await tarGz([{ name: 'fixtures/0001-x.body', bytes: randomBytes(6 * 1024 * 1024) }]);
      const answer = await upload(team, archive, 'wide.tar.gz');
      expect(answer).toEqual({ status: 413, body: { error: `wide.tar.gz would hold more than ${total} bytes (its size and what it unpacks to), more than all uploads together may hold on this server` } });
      expect(readdirSync(join(team.dataDir, 'uploads'))).toEqual([]);
    } finally {
      await team.stop();
    }
  });

  it('a gzip bomb past the unpacked-to-packed ratio is refused (413, at the defaults) and its scratch files are removed', async () => {
    const team = await startTeamCore();
    try {
      const bomb = await tarGz([{ name: 'fixtures/0001-x.body', bytes: Buffer.alloc(128 * 1024 * 1024) }]);
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const answer = await upload(team, bomb, 'bomb.tar.gz');
      expect(answer.status).toBe(413);
      expect((answer.body as { error: string }).error).toMatch(/^bomb\.tar\.gz unpacks to more than 200 times its own size \(\d+ bytes from the first \d+\), more than this server takes of an archive$/);
      expect(readdirSync(join(team.dataDir, 'uploads'))).toEqual([]);
      expect((await storedRowsIn(team)).length).toBe(0);
    } finally {
      await team.stop();
    }
  });
});

/** A .tar.gz of these files. */
async function tarGz(entries: Array<{ name: string; bytes: Buffer }>): Promise<Buffer> {
  const archive = tarPack();
  for (const entry of entries) archive.entry({ name: entry.name }, entry.bytes);
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}
