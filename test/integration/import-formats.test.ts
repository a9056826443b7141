import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCli } from '../support/cli-process';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { allFiles, collectEvents, seedDeliveries, sha256, storedRows, verdicts } from '../support/transfers';

const run = promisify(execFile);
const cli = (...args: string[]) => run(process.execPath, [builtCli, ...args], { maxBuffer: 64 * 1024 * 1024 });
const scratch = () => mkdtempSync(join(tmpdir(), 'import-'));

describe('import: HAR and NDJSON exports back into a data dir', () => {
  let source: TestCore;
  let seeded: number[];
  beforeAll(async () => {
    source = await startTestCore({ secret: testSecret });
    seeded = await seedDeliveries(source, testSecret);
  });
  afterAll(() => source.stop());
  /** The source's NDJSON export, which several tests read (the source takes no delivery after the seeding): made once. */
  let ndjsonExport: Promise<string> | undefined;
  const exportedNdjson = () =>
    (ndjsonExport ??= (async () => {
      const file = join(scratch(), 'all.ndjson');
      await cli('export', '--data-dir', source.dataDir, '--format', 'ndjson', '--out', file);
      return file;
    })());

  it('round-trips a HAR export with byte-identical bodies and the same verdicts', async () => {
    const { har } = await source.call('export.har', { selection: { deliveryIds: seeded } });
    expect(JSON.parse(har).log.entries).toHaveLength(seeded.length);
    const file = join(scratch(), 'deliveries.har');
    writeFileSync(file, har);
    const target = await startTestCore({ secret: testSecret });
    try {
      expect(await target.call('import.path', { path: file })).toEqual({ imported: seeded.length, skipped: 0, errors: [] });
      expect(verdicts(storedRows(target.dataDir))).toEqual(verdicts(storedRows(source.dataDir)));
      expect(storedRows(target.dataDir).every((r) => r.imported === 1)).toBe(true);
    } finally {
      await target.stop();
    }
  });

  it('round-trips the NDJSON, fixtures and HAR exports through the CLI', async () => {
    const dir = scratch();
    copyFileSync(await exportedNdjson(), join(dir, 'all.ndjson'));
    const fixtures = await cli('export', '--data-dir', source.dataDir, '--format', 'fixtures', '--out', join(dir, 'fixtures'));
    expect(fixtures.stdout.trim()).toBe(join(dir, 'fixtures'));
    expect(fixtures.stderr).toContain(`export: ${seeded.length} of ${seeded.length}, finished`);
    await cli('export', '--data-dir', source.dataDir, '--format', 'har', '--ids', seeded.join(','), '--out', join(dir, 'd.har'));
    const expected = verdicts(storedRows(source.dataDir));
    for (const path of ['all.ndjson', 'fixtures', 'd.har']) {
      const target = tempDataDir();
      const result = await cli('import', join(dir, path), '--data-dir', target, '--secret', testSecret);
      expect(result.stdout.trim(), path).toBe(`imported ${seeded.length}, skipped 0`);
      expect(verdicts(storedRows(target)), path).toEqual(expected);
      expect(storedRows(target).every((r) => r.imported === 1)).toBe(true);
    }
    for (const { bytes } of allFiles(dir)) expect(bytes.toString('latin1')).not.toContain(testSecret);
  });

  it('takes the secret the data dir keeps when none is given', async () => {
    const ndjson = await exportedNdjson();
    const withSecret = tempDataDir();
    writeFileSync(join(withSecret, 'signing-secret'), testSecret, { mode: 0o600 });
    await cli('import', ndjson, '--data-dir', withSecret);
    expect(storedRows(withSecret)[0]!.signature).toBe('valid');
    const withoutSecret = tempDataDir();
    await cli('import', ndjson, '--data-dir', withoutSecret);
    expect(storedRows(withoutSecret)[0]!.signature).toBe('no_secret');
  });

  it('skips and reports malformed entries, and never stops on them', async () => {
    const dir = scratch();
    const line = JSON.parse(readFileSync(await exportedNdjson(), 'utf8').split('\n')[0]!);
    writeFileSync(
      join(dir, 'mixed.ndjson'),
      [
        JSON.stringify(line),
        '{ this is not json',
        JSON.stringify({ ...line, headers: 'nope', method: undefined }),
        JSON.stringify({ ...line, bodySha256: '0'.repeat(64) }),
        '',
        JSON.stringify({ ...line, receivedAt: 'yesterday' }),
      ].join('\n'),
    );
    const target = await startTestCore({ secret: testSecret });
    try {
      const ndjson = await target.call('import.path', { path: join(dir, 'mixed.ndjson') });
      expect(ndjson).toMatchObject({ imported: 1, skipped: 4 });
      expect(ndjson.errors[0]).toBe('line 2: not valid JSON');
      expect(ndjson.errors[1]).toMatch(/^line 3: (headers|method)/);
      expect(ndjson.errors[2]).toMatch(/^line 4: the body does not match its bodySha256/);
      expect(ndjson.errors[3]).toBe('line 6: receivedAt is not an ISO-8601 time');

      const har = JSON.parse((await source.call('export.har', { selection: { deliveryIds: seeded.slice(0, 2) } })).har);
      har.log.entries[0].request.postData.encoding = 'gzip';
      har.log.entries.push({ startedDateTime: 'x' }, { ...har.log.entries[1], request: { ...har.log.entries[1].request, url: '/relative' } });
      writeFileSync(join(dir, 'bad.har'), JSON.stringify(har));
      const harResult = await target.call('import.path', { path: join(dir, 'bad.har') });
      expect(harResult).toMatchObject({ imported: 1, skipped: 3 });
      expect(harResult.errors).toEqual([
        'entry 1: postData encoding "gzip" is not supported (base64 or none)',
        expect.stringMatching(/^entry 3: request/),
        'entry 4: request.url is not an absolute http(s) URL',
      ]);

      const folder = join(dir, 'fixtures');
      await source.call('export.fixtures', { selection: { deliveryIds: seeded.slice(0, 3) }, outDir: folder });
      const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'));
      writeFileSync(join(folder, manifest.files[0].json), '{ broken');
      writeFileSync(join(folder, manifest.files[1].body), 'edited bytes');
      const fixtureResult = await target.call('import.path', { path: folder });
      expect(fixtureResult).toMatchObject({ imported: 1, skipped: 2 });
      expect(fixtureResult.errors).toEqual([
        `${manifest.files[0].json}: not valid JSON`,
        `${manifest.files[1].json}: the body does not match its bodySha256 (remove bodySha256 to accept edited bytes)`,
      ]);

      const binary = join(dir, 'random.bin');
      writeFileSync(binary, Buffer.from([0xff, 0x00, 0x0a, 0x80, 0x81]));
      expect(await target.call('import.path', { path: binary })).toMatchObject({ imported: 0, skipped: 2 });
      await expect(target.call('import.path', { path: join(dir, 'missing') })).rejects.toThrow(/400.*missing cannot be read \(ENOENT\)/);
      const empty = join(dir, 'empty-folder');
      mkdirSync(empty);
      await expect(target.call('import.path', { path: empty })).rejects.toThrow(/400.*no manifest\.json and no fixture/);
      writeFileSync(join(dir, 'not.har'), '{"log": {"entries": 3}}');
      await expect(target.call('import.path', { path: join(dir, 'not.har') })).rejects.toThrow(/400.*is not a HAR file/);
      expect((await target.call('status.get', {})).deliveryCount).toBe(3);
    } finally {
      await target.stop();
    }
  });

  it('accepts an NDJSON file and fixture files that start with a byte-order mark', async () => {
    const body = Buffer.from('{"event":"payout.processing"}');
    const line = { receivedAt: '2026-03-02T10:15:31.000Z', method: 'POST', path: '/webhooks', headers: [], bodyBase64: body.toString('base64') };
    const ndjson = join(scratch(), 'bom.ndjson');
    writeFileSync(ndjson, `\uFEFF${JSON.stringify(line)}\n${JSON.stringify(line)}\n`);
    const fixtures = scratch();
    const fixture = { ...line, name: 'bom', signatureHeader: null, body: body.toString('utf8'), bodyEncoding: 'utf8' };
    writeFileSync(join(fixtures, '0001-payout.processing.json'), `\uFEFF${JSON.stringify(fixture)}`);
    const target = await startTestCore({ secret: testSecret });
    try {
      expect(await target.call('import.path', { path: ndjson })).toEqual({ imported: 2, skipped: 0, errors: [] });
      expect(await target.call('import.path', { path: fixtures })).toEqual({ imported: 1, skipped: 0, errors: [] });
      expect(storedRows(target.dataDir).map((r) => sha256(r.body))).toEqual([sha256(body), sha256(body), sha256(body)]);
    } finally {
      await target.stop();
    }
  });

  it('reports progress while importing 2,000 deliveries, in the core and in the CLI', async () => {
    const body = giftCardBody();
    const headers = Object.entries(serviceHeaders(body, testSecret));
    const lines = Array.from({ length: 2_000 }, (_, i) =>
      JSON.stringify({
        receivedAt: new Date(Date.UTC(2026, 2, 2, 10, 0, 0, i)).toISOString(),
        method: 'POST',
        path: '/webhooks',
        query: '',
        headers,
        bodyBase64: body.toString('base64'),
        bodySha256: sha256(body),
        tls: true,
      }),
    );
    const file = join(scratch(), 'long.ndjson');
    writeFileSync(file, lines.join('\n') + '\n');

    const target = await startTestCore({ secret: testSecret });
    try {
      const { events } = await collectEvents(target, 'transfer.progress', (p) => p.finished);
      expect(await target.call('import.path', { path: file })).toEqual({ imported: 2_000, skipped: 0, errors: [] });
      const progress = await events;
      expect(progress.length).toBeGreaterThanOrEqual(20);
      expect(progress.every((p) => p.kind === 'import' && p.total === 2_000 && p.jobId === progress[0]!.jobId)).toBe(true);
      expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
      expect(progress.at(-1)).toMatchObject({ done: 2_000, finished: true });
      expect((await target.call('status.get', {})).deliveryCount).toBe(2_000);
    } finally {
      await target.stop();
    }

    // The CLI reports each stored chunk of 5,000 (bulk-writer.test.ts sees one), then the end: here, one chunk.
    const { stderr } = await cli('import', file, '--data-dir', tempDataDir(), '--secret', testSecret);
    expect(stderr.trim().split('\n')).toEqual(['import: 2000 of 2000, finished']);
  });
});
