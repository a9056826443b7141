import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { pack as tarPack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TransferRecord } from '../../src/main/core/team/transfer-record';
import type { CoreOptions } from '../../src/main/core/core-options';
import { noServerPathsMessage } from '../../src/main/core/export/transfer-deps';
import { createUser } from '../../src/main/core/team/users';
import type { CallInput, CallName } from '../../src/shared/contract';
import { builtCli } from '../support/cli-process';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { describeEachEngine, storeLocation, stopTestPostgres, type EngineName } from '../support/engines';
import { collectEvents, download, seedDeliveries, storedRows, storedRowsIn, unpackArchive, upload, verdicts } from '../support/transfers';

const run = promisify(execFile);
const cli = (...args: string[]) => run(process.execPath, [builtCli, ...args], { maxBuffer: 256 * 1024 * 1024 });
const scratch = () => mkdtempSync(join(tmpdir(), 'transfers-'));

type Core = TestCore & { location: string | undefined };

/** A team server on a fresh PostgreSQL database, reached as its user alice (her own token). */
async function startTeamCore(options: Partial<CoreOptions> = {}): Promise<Core> {
  const location = (await storeLocation('postgresql'))!;
  const pool = new pg.Pool({ connectionString: location });
  try {
    const t = await startTestCore({ secret: testSecret, store: location, team: {}, ...options });
    const { token } = await createUser(pool, 'alice');
    return { ...t, token, location };
  } finally {
    await pool.end();
  }
}

/** A personal inspector (the desktop's, a single-user serve) on the engine. */
async function startPersonalCore(engine: EngineName, options: Partial<CoreOptions> = {}): Promise<Core> {
  const location = await storeLocation(engine);
  return { ...(await startTestCore({ secret: testSecret, store: location, ...options })), location };
}

async function callAs<N extends CallName>(t: Core, name: N, input: CallInput<N>) {
  const res = await fetch(`${t.core.urls.uiOrigin}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const deliveryCount = async (t: Core) => (await callAs(t, 'status.get', {})).body.deliveryCount as number;

afterAll(stopTestPostgres);

describe('a team server reads and writes no files of its own for a user', () => {
  let team: Core;
  beforeAll(async () => {
    team = await startTeamCore();
    return () => team.stop();
  });

  it('says so in its status; a personal inspector does not', async () => {
    expect((await callAs(team, 'status.get', {})).body.team).toBe(true);
    const personal = await startPersonalCore('sqlite');
    try {
      expect((await callAs(personal, 'status.get', {})).body.team).toBe(false);
    } finally {
      await personal.stop();
    }
  });

  it('refuses export.fixtures (403), with an outDir or without, and creates no folder', async () => {
    await seedDeliveries(team, testSecret);
    const outDir = join(scratch(), 'made-by-the-server');
    for (const input of [{ selection: { deliveryIds: [1] }, outDir }, { selection: { deliveryIds: [1] } }]) {
      const answer = await callAs(team, 'export.fixtures', input);
      expect(answer).toEqual({ status: 403, body: { error: noServerPathsMessage } });
    }
    expect(noServerPathsMessage).toMatch(/team server does not read or write its own files: download the export, or upload the file/);
    expect(existsSync(outDir)).toBe(false);
    expect(existsSync(join(team.dataDir, 'exports'))).toBe(false);
  });

  it('refuses import.path (403) with the same answer whether the path exists or not, and imports nothing', async () => {
    const before = await deliveryCount(team);
    const existing = join(scratch(), 'export.ndjson');
    writeFileSync(existing, '{"not":"a delivery"}\n{"nor":"this"}\n');
    const answers = await Promise.all([existing, '/no/such/path.ndjson', '/etc/passwd'].map((path) => callAs(team, 'import.path', { path })));
    for (const answer of answers) expect(answer).toEqual({ status: 403, body: { error: noServerPathsMessage } });
    expect(await deliveryCount(team)).toBe(before);
  });
});

describe('downloads are the CLI exports', () => {
  let source: Core;
  beforeAll(async () => {
    source = await startPersonalCore('sqlite');
    await seedDeliveries(source, testSecret);
    return () => source.stop();
  });

  it('fixtures: the .tar.gz holds the files the CLI writes, in one folder', async () => {
    const answer = await download(source, { format: 'fixtures' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/gzip');
    const folder = /^attachment; filename="(fixtures-[\dTZ-]+)\.tar\.gz"$/.exec(answer.headers.get('content-disposition') ?? '')?.[1];
    expect(folder).toBeTruthy();
    const archived = await unpackArchive(answer.bytes);

    const dir = join(scratch(), 'cli');
    await cli('export', '--data-dir', source.dataDir, '--format', 'fixtures', '--out', dir);
    const written = readdirSync(dir).sort();
    expect([...archived.keys()].sort()).toEqual(written.map((name) => `${folder}/${name}`));
    for (const name of written) {
      const ours = archived.get(`${folder}/${name}`)!;
      const theirs = readFileSync(join(dir, name));
      if (name !== 'manifest.json') expect(ours.equals(theirs), name).toBe(true);
      else expect({ ...JSON.parse(ours.toString()), created: null }).toEqual({ ...JSON.parse(theirs.toString()), created: null });
    }
  });

  it('NDJSON and HAR: byte for byte the CLI output', async () => {
    const dir = scratch();
    await cli('export', '--data-dir', source.dataDir, '--format', 'ndjson', '--out', join(dir, 'all.ndjson'));
    await cli('export', '--data-dir', source.dataDir, '--format', 'har', '--base-url', source.receiverUrl, '--out', join(dir, 'all.har'));
    const ndjson = await download(source, { format: 'ndjson' });
    expect(ndjson.headers.get('content-type')).toBe('application/x-ndjson');
    expect(ndjson.bytes.equals(readFileSync(join(dir, 'all.ndjson')))).toBe(true);
    const har = await download(source, { format: 'har' });
    expect(har.headers.get('content-disposition')).toMatch(/^attachment; filename="deliveries-.*\.har"$/);
    expect(har.bytes.toString()).toBe(readFileSync(join(dir, 'all.har'), 'utf8'));
  });

  it('lets in only the token in its header, from the inspector\'s own origin', async () => {
    const exportWith = (headers: Record<string, string>, query = '') =>
      fetch(`${source.core.urls.uiOrigin}/transfer/export${query}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ format: 'ndjson' }),
      }).then((res) => res.status);
    expect(await exportWith({})).toBe(401);
    expect(await exportWith({}, `?token=${source.token}`)).toBe(401);
    expect(await exportWith({ Authorization: `Bearer ${source.token}`, Origin: 'https://evil.example' })).toBe(403);
    expect(await exportWith({ Authorization: `Bearer ${source.token}` })).toBe(200);
  });

  it('answers an empty selection with 404 before any byte of a download', async () => {
    const answer = await download(source, { format: 'har', selection: { deliveryIds: [99_999] } });
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.bytes.toString())).toEqual({ error: 'no delivery 99999' });
  });
});

// A team server needs PostgreSQL: on SQLite the same routes are a personal inspector's.
describeEachEngine('a download uploaded into a fresh store gives the same deliveries, byte for byte', (engine) => {
  const start = (options: Partial<CoreOptions> = {}) => (engine === 'postgresql' ? startTeamCore(options) : startPersonalCore(engine, options));
  let source: Core;
  const records: TransferRecord[] = [];
  beforeAll(async () => {
    source = await start({ onTransfer: (record) => records.push(record) });
    await seedDeliveries(source, testSecret);
    return () => source.stop();
  });

  it.each([
    ['fixtures', 'fixtures.tar.gz'],
    ['ndjson', 'all.ndjson'],
    ['har', 'all.har'],
  ] as const)('%s', async (format, name) => {
    const answer = await download(source, { format });
    expect(answer.status).toBe(200);
    const expected = await storedRowsIn(source);
    const target = await start({ onTransfer: (record) => records.push(record) });
    try {
      const uploaded = await upload(target, answer.bytes, name);
      expect(uploaded).toEqual({ status: 200, body: { imported: expected.length, skipped: 0, errors: [] } });
      const imported = await storedRowsIn(target);
      expect(verdicts(imported)).toEqual(verdicts(expected));
      expect(imported.map((row) => Buffer.from(row.body).toString('base64'))).toEqual(expected.map((row) => Buffer.from(row.body).toString('base64')));
      expect(imported.every((row) => row.imported === 1)).toBe(true);
    } finally {
      await target.stop();
    }
    const user = engine === 'postgresql' ? 'alice' : null;
    expect(records.slice(-2)).toEqual([
      { user, action: 'export', subject: format, outcome: 'done', detail: `${expected.length} deliveries`, status: 200 },
      { user, action: 'import', subject: name, outcome: 'done', detail: `imported ${expected.length}, skipped 0`, status: 200 },
    ]);
  });
});

/** An NDJSON export line of `bodyBytes` bytes of JSON; every line the same length, so the upload's size is known up front. */
function ndjsonLine(index: number, bodyBytes: number): string {
  const head = `{"event":"payout.test","n":"${String(index).padStart(8, '0')}","pad":"`;
  const body = Buffer.from(head + 'x'.repeat(bodyBytes - head.length - 2) + '"}');
  const line = { receivedAt: new Date(1_700_000_000_000 + index).toISOString(), method: 'POST', path: '/webhooks', headers: [['Content-Type', 'application/json']], bodyBase64: body.toString('base64') };
  return JSON.stringify(line) + '\n';
}

/** POSTs a body of a declared size in two parts: the first at once, the second when `between` resolves. */
function uploadInTwoParts(t: Core, size: number, parts: [() => Iterable<string>, () => Iterable<string>], between: () => Promise<unknown>) {
  return new Promise<{ status: number; body: unknown; finishedSending: boolean }>((resolve, reject) => {
    let finishedSending = false;
    const req = request(`${t.core.urls.uiOrigin}/transfer/import?name=big.ndjson`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.token}`, 'Content-Type': 'application/x-ndjson', 'Content-Length': size },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text), finishedSending }));
    });
    req.on('error', reject);
    const send = async (lines: Iterable<string>) => {
      for (const line of lines) if (!req.write(line)) await new Promise((drained) => req.once('drain', drained));
    };
    void (async () => {
      await send(parts[0]());
      await between();
      await send(parts[1]());
      finishedSending = true;
      req.end();
    })().catch(reject);
  });
}

describe('uploads stream, within a limit', () => {
  it('imports a ~100 MB NDJSON as it arrives: progress comes while half of it is still unsent', { timeout: 300_000 }, async () => {
    const team = await startTeamCore();
    try {
      const count = 4_800;
      const bodyBytes = 16 * 1024;
      const lineBytes = Buffer.byteLength(ndjsonLine(0, bodyBytes));
      const lines = function* (from: number, to: number) {
        for (let i = from; i < to; i++) yield ndjsonLine(i, bodyBytes);
      };
      expect(lineBytes * count).toBeGreaterThan(100_000_000);
      const { events } = await collectEvents(team, 'transfer.progress', (p) => p.kind === 'import' && p.done > 0 && !p.finished, 120_000);
      let progressWhileUploading = 0;
      const answer = await uploadInTwoParts(
        team,
        lineBytes * count,
        [() => lines(0, count / 2), () => lines(count / 2, count)],
        async () => (progressWhileUploading = (await events).filter((p) => !p.finished && p.done > 0).length),
      );
      expect(progressWhileUploading).toBeGreaterThan(0);
      expect(answer).toEqual({ status: 200, body: { imported: count, skipped: 0, errors: [] }, finishedSending: true });
      expect(await deliveryCount(team)).toBe(count);
    } finally {
      await team.stop();
    }
  });

  it('refuses an upload past the limit with 413 before reading it, and an archive that unpacks past it', async () => {
    const limit = 1024 * 1024;
    const team = await startTeamCore({ uploadLimitBytes: limit });
    try {
      const early = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request(`${team.core.urls.uiOrigin}/transfer/import?name=huge.ndjson`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${team.token}`, 'Content-Length': limit + 1 },
        });
        req.on('response', (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', reject);
        // Headers only: the answer comes without a byte of the body.
        req.flushHeaders();
      });
      expect(early.status).toBe(413);
      expect(JSON.parse(early.body)).toEqual({ error: `huge.ndjson is ${limit + 1} bytes: this server takes uploads of at most ${limit} bytes` });

      const bomb = tarPack();
      bomb.entry({ name: 'fixtures/0001-x.body' }, Buffer.alloc(4 * limit));
      bomb.finalize();
      const chunks: Buffer[] = [];
      for await (const chunk of bomb as AsyncIterable<Buffer>) chunks.push(chunk);
      const archive = gzipSync(Buffer.concat(chunks));
      expect(archive.byteLength).toBeLessThan(limit);
      expect(await upload(team, archive, 'small.tar.gz')).toEqual({
        status: 413,
        body: { error: `small.tar.gz unpacks to more than ${limit} bytes, the largest this server takes` },
      });
      expect(readdirSync(join(team.dataDir, 'uploads'))).toEqual([]);
      expect(await deliveryCount(team)).toBe(0);
    } finally {
      await team.stop();
    }
  });
});

/** A .tar.gz of these entries, in this order. */
async function tarGz(entries: Array<{ name: string; bytes?: Buffer; type?: 'file' | 'symlink'; linkname?: string }>): Promise<Buffer> {
  const archive = tarPack();
  for (const entry of entries) {
    if (entry.type === 'symlink') archive.entry({ name: entry.name, type: 'symlink', linkname: entry.linkname });
    else archive.entry({ name: entry.name }, entry.bytes ?? Buffer.alloc(0));
  }
  archive.finalize();
  const chunks: Buffer[] = [];
  for await (const chunk of archive as AsyncIterable<Buffer>) chunks.push(chunk);
  return gzipSync(Buffer.concat(chunks));
}

describe('an uploaded archive is unpacked by plain file names only', () => {
  it('leaves out ../ and absolute paths, links and deeper folders, and imports the fixtures it holds', async () => {
    const source = await startPersonalCore('sqlite');
    const target = await startPersonalCore('sqlite');
    try {
      const ids = await seedDeliveries(source, testSecret);
      const fixtures = await unpackArchive((await download(source, { format: 'fixtures' })).bytes);
      const outside = join(scratch(), 'escaped');
      const hostile = await tarGz([
        { name: `..${'/..'.repeat(8)}${outside}`, bytes: Buffer.from('absolute, climbing') },
        { name: `${outside}-absolute`, bytes: Buffer.from('absolute') },
        { name: 'fixtures/link.body', type: 'symlink', linkname: '/etc/passwd' },
        { name: 'fixtures/deeper/0001-x.json', bytes: Buffer.from('{}') },
        ...[...fixtures].map(([name, bytes]) => ({ name, bytes })),
      ]);
      expect(await upload(target, hostile, 'hostile.tar.gz')).toEqual({ status: 200, body: { imported: ids.length, skipped: 0, errors: [] } });
      expect(verdicts(storedRows(target.dataDir))).toEqual(verdicts(storedRows(source.dataDir)));
      expect([existsSync(outside), existsSync(`${outside}-absolute`)]).toEqual([false, false]);
      expect(readdirSync(join(target.dataDir, 'uploads'))).toEqual([]);
    } finally {
      await Promise.all([source.stop(), target.stop()]);
    }
  });

  it('refuses an archive with two files of one name, and bytes that are no archive', async () => {
    const target = await startPersonalCore('sqlite');
    try {
      const twice = await tarGz([
        { name: 'a/manifest.json', bytes: Buffer.from('{}') },
        { name: 'b/manifest.json', bytes: Buffer.from('{}') },
      ]);
      expect(await upload(target, twice, 'twice.tar.gz')).toEqual({ status: 400, body: { error: 'twice.tar.gz holds two files named manifest.json' } });
      const broken = Buffer.concat([Buffer.from([0x1f, 0x8b]), Buffer.from('not really gzip')]);
      const answer = await upload(target, broken, 'broken.tar.gz');
      expect(answer.status).toBe(400);
      expect((answer.body as { error: string }).error).toMatch(/^broken\.tar\.gz is not a fixtures archive \(\.tar\.gz or \.tar\): /);
      expect(await deliveryCount(target)).toBe(0);
    } finally {
      await target.stop();
    }
  });
});

describe('a personal inspector keeps its paths', () => {
  it('writes export.fixtures to the outDir given and imports a path', async () => {
    const personal = await startPersonalCore('sqlite');
    try {
      const ids = await seedDeliveries(personal, testSecret);
      const outDir = join(scratch(), 'out');
      expect(await personal.call('export.fixtures', { selection: { deliveryIds: ids }, outDir })).toEqual({ path: outDir, deliveries: ids.length });
      expect(readdirSync(outDir)).toContain('manifest.json');
      const target = await startPersonalCore('sqlite');
      try {
        expect(await target.call('import.path', { path: outDir })).toEqual({ imported: ids.length, skipped: 0, errors: [] });
        expect(verdicts(storedRows(target.dataDir))).toEqual(verdicts(storedRows(personal.dataDir)));
      } finally {
        await target.stop();
      }
    } finally {
      await personal.stop();
    }
  });
});
