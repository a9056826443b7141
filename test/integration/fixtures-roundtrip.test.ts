import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../src/main/core/analysis/signature';
import { ids as payloadIds } from '../fixtures/payloads';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { allFiles, seedDeliveries, sha256, storedRows, verdicts } from '../support/transfers';

const fixtureSecret = 'whsec_fixture_test_secret';
const outDir = () => join(mkdtempSync(join(tmpdir(), 'fixtures-')), 'out');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

function fixtures(dir: string) {
  const manifest = readJson(join(dir, 'manifest.json'));
  return {
    manifest,
    items: (manifest.files as Array<{ json: string; body: string; bodySha256: string }>).map((f) => ({
      ...f,
      json: readJson(join(dir, f.json)),
      bytes: readFileSync(join(dir, f.body)),
    })),
  };
}

const signatureHeaders = (headers: Array<[string, string]>) =>
  headers.filter(([name]) => name.toLowerCase() === 'x-service-signature').map(([, value]) => value);

describe('fixtures: export a selection to a folder and import it back', () => {
  let source: TestCore;
  let seeded: number[];
  const started: TestCore[] = [];
  const start = async (secret: string) => {
    const t = await startTestCore({ secret });
    started.push(t);
    return t;
  };

  beforeAll(async () => {
    source = await startTestCore({ secret: testSecret });
    seeded = await seedDeliveries(source, testSecret);
    return () => source.stop();
  });
  afterEach(async () => {
    await Promise.all(started.splice(0).map((t) => t.stop()));
  });

  it('writes one JSON and one byte-exact .body per delivery and a manifest, and imports them with the same verdicts', async () => {
    const dir = outDir();
    expect(await source.call('export.fixtures', { selection: { deliveryIds: seeded }, outDir: dir })).toEqual({
      path: dir,
      deliveries: seeded.length,
    });
    const { manifest, items } = fixtures(dir);
    expect(manifest).toMatchObject({
      format: 'webhook-inspector-fixtures',
      version: 1,
      count: seeded.length,
      options: { redact: false, signatures: 'kept', testSecret: null },
    });
    expect(readdirSync(dir)).toHaveLength(2 * seeded.length + 1);
    const sourceRows = storedRows(source.dataDir);
    for (const [i, item] of items.entries()) {
      expect(sha256(item.bytes)).toBe(sourceRows[i]!.body_sha256);
      expect(item.bodySha256).toBe(sourceRows[i]!.body_sha256);
      expect(Buffer.from(item.json.body, item.json.bodyEncoding === 'base64' ? 'base64' : 'utf8').equals(item.bytes)).toBe(true);
      expect(item.json.analysis.signature).toBe(sourceRows[i]!.signature);
      expect(item.json.signatureHeader).toBe(signatureHeaders(item.json.headers)[0] ?? null);
    }
    expect(items.map((i) => i.json.bodyEncoding)).toContain('base64');

    const target = await start(testSecret);
    expect(await target.call('import.path', { path: dir })).toEqual({ imported: seeded.length, skipped: 0, errors: [] });
    const imported = storedRows(target.dataDir);
    expect(verdicts(imported)).toEqual(verdicts(sourceRows));
    expect(imported.every((r) => r.imported === 1)).toBe(true);
    expect((await target.call('deliveries.get', { id: imported[0]!.id })).imported).toBe(true);
    expect(new Set(verdicts(imported).map((v) => v.signature))).toEqual(new Set(['valid', 'missing', 'invalid']));
    // Imported deliveries join lifecycles and duplicate groups like live ones.
    const lifecycle = await target.call('lifecycles.get', { key: `send:${payloadIds.externalSendId}` });
    expect(lifecycle.events).toHaveLength(4);
    expect((await target.call('duplicates.list', {})).total).toBe(1);
  });

  it('exports a lifecycle or a duplicate group in arrival order', async () => {
    const lifecycleKey = `send:${payloadIds.externalSendId}`;
    const dir = outDir();
    expect((await source.call('export.fixtures', { selection: { lifecycleKey }, outDir: dir })).deliveries).toBe(4);
    expect(fixtures(dir).items.map((i) => i.json.sourceId)).toEqual(seeded.slice(0, 4));
    const group = storedRows(source.dataDir).find((r) => r.id === seeded[4])!.idempotency_key!;
    const groupDir = outDir();
    expect((await source.call('export.fixtures', { selection: { idempotencyKey: group }, outDir: groupDir })).deliveries).toBe(2);
    await expect(source.call('export.fixtures', { selection: { lifecycleKey: 'send:none' }, outDir: outDir() })).rejects.toThrow(
      /404.*no deliveries in lifecycle send:none/,
    );
    await expect(source.call('export.fixtures', { selection: { deliveryIds: [1, 99_999] }, outDir: outDir() })).rejects.toThrow(
      /404.*no delivery 99999/,
    );
  });

  it('re-signs every fixture with the test secret, named in the manifest, so they verify with it', async () => {
    const dir = outDir();
    await source.call('export.fixtures', { selection: { deliveryIds: seeded }, testSecret: fixtureSecret, outDir: dir });
    const { manifest, items } = fixtures(dir);
    expect(manifest.options).toMatchObject({ signatures: 'resigned', testSecret: fixtureSecret });
    for (const item of items) {
      expect(item.json.signing).toBe('resigned');
      expect(signatureHeaders(item.json.headers)).toEqual([item.json.signatureHeader]);
      expect(verifySignature(item.bytes, item.json.signatureHeader, fixtureSecret).verdict).toBe('valid');
      expect(item.json.analysis.signature).toBe('valid');
    }
    const target = await start(fixtureSecret);
    await target.call('import.path', { path: dir });
    expect(storedRows(target.dataDir).map((r) => r.signature)).toEqual(items.map(() => 'valid'));
    expect(verdicts(storedRows(target.dataDir)).map((v) => v.sha256)).toEqual(storedRows(source.dataDir).map((r) => r.body_sha256));
  });

  it('redacts emails and names consistently, and re-signs the redacted bytes', async () => {
    const dir = outDir();
    const again = outDir();
    for (const out of [dir, again]) {
      await source.call('export.fixtures', { selection: { deliveryIds: seeded }, testSecret: fixtureSecret, redact: true, outDir: out });
    }
    const { manifest, items } = fixtures(dir);
    expect(manifest.options).toMatchObject({ redact: true, signatures: 'resigned' });
    for (const { bytes } of allFiles(dir)) expect(bytes.toString('latin1')).not.toMatch(/ada@example\.com|grace@example\.com|Grace Hopper/);
    const emails = items.map((i) => /recipient-[0-9a-f]{12}@example\.invalid/.exec(i.bytes.toString('utf8'))?.[0]);
    // The four Form A events and the two gift-card copies are Ada; the wrongly signed one is Grace.
    expect(new Set(emails.slice(0, 6)).size).toBe(1);
    expect(emails[7]).not.toBe(emails[0]);
    expect(items.filter((i) => i.json.redacted)).toHaveLength(7);
    expect(fixtures(again).items.map((i) => sha256(i.bytes))).toEqual(items.map((i) => sha256(i.bytes)));
    for (const item of items) {
      expect(verifySignature(item.bytes, item.json.signatureHeader, fixtureSecret).verdict).toBe('valid');
      const length = item.json.headers.find(([n]: [string, string]) => n.toLowerCase() === 'content-length');
      if (length) expect(length[1]).toBe(String(item.bytes.byteLength));
    }
    const target = await start(fixtureSecret);
    await target.call('import.path', { path: dir });
    expect(storedRows(target.dataDir).every((r) => r.signature === 'valid')).toBe(true);
  });

  it('drops a signature that redaction made wrong when no test secret is given, and strips signatures on request', async () => {
    const redacted = outDir();
    await source.call('export.fixtures', { selection: { deliveryIds: seeded }, redact: true, outDir: redacted });
    for (const item of fixtures(redacted).items) {
      if (item.json.redacted) {
        expect(item.json).toMatchObject({ signing: 'dropped_after_redaction', signatureHeader: null });
        expect(signatureHeaders(item.json.headers)).toEqual([]);
      } else {
        expect(item.json.signing).toBe('original');
      }
    }
    const stripped = outDir();
    await source.call('export.fixtures', { selection: { deliveryIds: seeded }, keepSignatures: false, outDir: stripped });
    const { manifest, items } = fixtures(stripped);
    expect(manifest.options.signatures).toBe('stripped');
    for (const item of items) expect(signatureHeaders(item.json.headers)).toEqual([]);
    const target = await start(testSecret);
    await target.call('import.path', { path: stripped });
    expect(new Set(storedRows(target.dataDir).map((r) => r.signature))).toEqual(new Set(['missing']));
  });

  it('never writes the real signing secret or the API token, and refuses it as the test secret', async () => {
    await source.call('settings.setService', {
      connection: { mode: 'service', baseUrl: 'https://api.example.invalid' },
      apiToken: 'api-token-that-must-not-leak',
    }).catch(() => undefined);
    const dirs = [outDir(), outDir(), outDir()];
    await source.call('export.fixtures', { selection: { deliveryIds: seeded }, outDir: dirs[0] });
    await source.call('export.fixtures', { selection: { deliveryIds: seeded }, redact: true, testSecret: fixtureSecret, outDir: dirs[1] });
    await source.call('export.fixtures', { selection: { deliveryIds: seeded }, keepSignatures: false, outDir: dirs[2] });
    const har = (await source.call('export.har', { selection: { deliveryIds: seeded } })).har;
    const curl = (await source.call('export.curl', { deliveryId: seeded[0]! })).command;
    const written = [...dirs.flatMap(allFiles).map((f) => f.bytes.toString('latin1')), har, curl];
    for (const text of written) {
      expect(text).not.toContain(testSecret);
      expect(text).not.toContain('api-token-that-must-not-leak');
    }
    const refused = source.call('export.fixtures', { selection: { deliveryIds: seeded }, testSecret, outDir: outDir() });
    await expect(refused).rejects.toThrow(/400.*must differ from the signing secret/);
    await expect(refused.catch((e: Error) => e.message)).resolves.not.toContain(testSecret);
  });

  it('refuses to write into a folder that is not empty', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fixtures-'));
    writeFileSync(join(dir, 'keep.txt'), 'x');
    await expect(source.call('export.fixtures', { selection: { deliveryIds: seeded }, outDir: dir })).rejects.toThrow(/409.*not empty/);
  });
});
