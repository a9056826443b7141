import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../../src/main/core/analysis/signature';
import { signedDelivery } from '../fixtures/payloads';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { allFiles, receive, sha256, storedRows } from '../support/transfers';

const hasCurl = spawnSync('which', ['curl']).status === 0;

const fixtureSecret = 'whsec_redaction_test_secret';
const outDir = () => join(mkdtempSync(join(tmpdir(), 'fixtures-redaction-')), 'out');

/** As bytes on the wire: each char of the result is one byte of the text's UTF-8. */
const utf8Bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
const asciiJsonEscaped = (text: string) => JSON.stringify(text).slice(1, -1).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Every form a value could be written in: as is, JSON-escaped (also \u-escaped), percent-encoded (also with + for spaces). */
function writtenForms(value: string): string[] {
  return [
    value,
    JSON.stringify(value).slice(1, -1),
    asciiJsonEscaped(value),
    asciiJsonEscaped(value).replace('@', '\\u0040'),
    encodeURIComponent(value),
    encodeURIComponent(value).replace(/%20/g, '+'),
    // A header or path kept as one char per byte, written out again as UTF-8.
    utf8Bytes(value),
  ];
}

const personal = {
  unicodeEmail: 'zoë.ångström@exämple.se',
  unicodeName: 'Zoë Ångström',
  asciiEmail: 'ada@example.com',
  asciiName: 'Ada Lovelace',
  numberEmail: '4155550199123',
  oddEmail: 'grace(at)navy dot example',
  arrayName: 'Grace Brewster',
  keyEmail: 'keyed.person@corp.example',
  escapedEmail: 'escaped@corp.example',
  pathEmail: 'path.person@corp.example',
  pathUnicodeEmail: 'jürgen@straße.example',
  queryEmail: 'query.person@corp.example',
  queryName: 'Query Person',
  headerEmail: 'header.person@corp.example',
  headerUnicodeEmail: 'björk@ísland.example',
};

/** Personal data in every place a delivery carries it. */
function deliveries(): Array<{ body: Buffer; headers: Record<string, string>; path: string }> {
  const gift = (fields: string) =>
    `{"event":"payout.processing","payout_type":"gift_cards","subject_type":"recipient","status":"sent",` +
    `"updated_at":"2026-03-02T10:15:30Z","currency":"EUR",${fields}}`;
  const bodies = [
    // Non-ASCII by key, with an email as a key, an escaped one, and one in a URL inside a value.
    gift(
      `"recipient_email":"${personal.unicodeEmail}","recipient_name":"${personal.unicodeName}",` +
        `"contacts":{"${personal.keyEmail}":{"since":2020}},"note":"write to ${asciiJsonEscaped(personal.escapedEmail).replace('@', '\\u0040')}",` +
        `"link":"https://x.example/u?e=${encodeURIComponent(personal.unicodeEmail)}"`,
    ),
    // Odd values under personal keys: a number, text that is no address, an array, nested objects.
    gift(
      `"recipient_email": ${personal.numberEmail}, "recipient": {"recipient_email": "${personal.oddEmail}", ` +
        `"recipient_name": ["${personal.arrayName}", {"given": "${personal.asciiName}"}]}`,
    ),
    gift(`"recipient_email":"${personal.asciiEmail}","recipient_name":"${personal.asciiName}"`),
  ];
  const query = `?to=${encodeURIComponent(personal.queryEmail)}&recipient_name=${encodeURIComponent(personal.queryName).replace(/%20/g, '+')}&plain=${personal.queryEmail}`;
  const paths = [
    `/webhooks/${encodeURIComponent(personal.pathEmail)}${query}`,
    // Node's parser refuses raw bytes beyond ASCII in a request target: percent-encoded in lower case instead.
    `/webhooks/${personal.pathEmail}/${encodeURIComponent(personal.pathUnicodeEmail).toLowerCase()}`,
    `/webhooks/${encodeURIComponent(personal.pathUnicodeEmail)}`,
  ];
  return bodies.map((text, i) => {
    const body = Buffer.from(text, 'utf8');
    return {
      body,
      path: paths[i]!,
      headers: {
        ...signedDelivery(body, testSecret).headers,
        'X-Contact': `Contact <${personal.headerEmail}>`,
        'X-Contact-Utf8': utf8Bytes(personal.headerUnicodeEmail),
        Link: `<https://x.example/?e=${encodeURIComponent(personal.headerEmail)}>`,
      },
    };
  });
}

describe('fixtures export with redaction', () => {
  let source: TestCore;
  let ids: number[];

  beforeAll(async () => {
    source = await startTestCore({ secret: testSecret });
    ids = [];
    for (const d of deliveries()) ids.push(await receive(source, d.body, d.headers, d.path));
  });
  afterAll(async () => {
    await source.stop();
  });

  it('finds every personal value in an export made without redaction (the search below can see them)', async () => {
    const dir = outDir();
    await source.call('export.fixtures', { selection: { deliveryIds: ids }, outDir: dir });
    const text = allFiles(dir)
      .map((f) => f.bytes.toString('latin1').toLowerCase())
      .join('\n');
    for (const value of Object.values(personal)) {
      expect(writtenForms(value).some((form) => text.includes(utf8Bytes(form).toLowerCase())), value).toBe(true);
    }
  });

  for (const testSecretOption of [fixtureSecret, undefined]) {
    it(`leaves no personal value in any file of the folder, in any written form (${testSecretOption ? 're-signed' : 'signature dropped'})`, async () => {
      const dir = outDir();
      await source.call('export.fixtures', { selection: { deliveryIds: ids }, redact: true, testSecret: testSecretOption, outDir: dir });
      const files = allFiles(dir);
      expect(files.length).toBe(2 * ids.length + 1);
      for (const { file, bytes } of files) {
        const text = bytes.toString('latin1').toLowerCase();
        for (const value of Object.values(personal)) {
          for (const form of writtenForms(value)) expect(text, `${file}: ${form}`).not.toContain(utf8Bytes(form).toLowerCase());
        }
      }
      // Still fixtures: they import, every one, and a re-signed one verifies.
      const target = await startTestCore({ secret: testSecretOption ?? testSecret });
      try {
        expect(await target.call('import.path', { path: dir })).toEqual({ imported: ids.length, skipped: 0, errors: [] });
        const signatures = storedRows(target.dataDir).map((r) => r.signature);
        expect(signatures).toEqual(ids.map(() => (testSecretOption ? 'valid' : 'missing')));
      } finally {
        await target.stop();
      }
      if (testSecretOption) {
        for (const { file, bytes } of files.filter((f) => f.file.endsWith('.body'))) {
          const json = JSON.parse(files.find((f) => f.file === file.replace(/\.body$/, '.json'))!.bytes.toString('utf8'));
          expect(verifySignature(bytes, json.signatureHeader, fixtureSecret).verdict).toBe('valid');
        }
      }
    });
  }

  it('gives one person the same fake wherever they appear', async () => {
    const dir = outDir();
    await source.call('export.fixtures', { selection: { deliveryIds: ids }, redact: true, outDir: dir });
    const paths = allFiles(dir)
      .filter((f) => /\d+-.*\.json$/.test(f.file))
      .map((f) => (JSON.parse(f.bytes.toString('utf8')) as { path: string }).path.split('/').slice(2));
    const fake = /^recipient-[0-9a-f]{12}@example\.invalid$/;
    expect(paths.flat().every((segment) => fake.test(segment))).toBe(true);
    // The same two addresses, percent-encoded in one path and written otherwise in another.
    expect(paths[1]).toEqual([paths[0]![0], paths[2]![0]]);
    expect(paths[0]![0]).not.toBe(paths[2]![0]);
  });
});

interface WrittenFixture {
  bodyFile: string;
  body: Buffer;
  headers: Array<[string, string]>;
  signatureHeader: string | null;
  bodySha256: string;
}

/** The fixtures of a folder: each JSON description with the bytes of its .body file. */
function writtenFixtures(dir: string): WrittenFixture[] {
  const files = allFiles(dir);
  return files
    .filter((f) => f.file.endsWith('.body'))
    .map(({ file, bytes }) => ({ ...JSON.parse(files.find((f) => f.file === file.replace(/\.body$/, '.json'))!.bytes.toString('utf8')), bodyFile: file, body: bytes }));
}

const headerValues = (fixture: WrittenFixture, name: string) => fixture.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);

describe('fixtures export: the headers that describe the body describe the bytes written', () => {
  // The receiver keeps the first 512 bytes of a longer body: its Content-Length announced more than is kept.
  const limit = 512;
  let source: TestCore;
  let ids: number[];
  const gift = (fields: string, padTo = 0) => {
    const text = `{"event":"payout.processing","payout_type":"gift_cards","status":"sent",${fields},"note":"`;
    return Buffer.from(`${text}${'x'.repeat(Math.max(0, padTo - text.length - 2))}"}`, 'utf8');
  };
  const bodies = [
    // Within the limit: redaction changes its length.
    gift('"recipient_email":"ada@example.com","recipient_name":"Ada Lovelace"'),
    // Cut at the limit, its personal data before the cut: redaction changes the bytes kept.
    gift('"recipient_email":"zoë.ångström@exämple.se"', 2000),
    // Cut at the limit, its personal data after the cut only: redaction leaves the bytes kept as they are.
    Buffer.concat([gift('"n":1', 1000).subarray(0, -2), Buffer.from('","recipient_email":"grace@example.com"}')]),
  ];

  beforeAll(async () => {
    source = await startTestCore({ secret: testSecret, bodyLimitBytes: limit });
    ids = [];
    for (const body of bodies) ids.push(await receive(source, body, signedDelivery(body, testSecret).headers));
  });
  afterAll(() => source.stop());

  for (const redact of [true, false]) {
    for (const secret of [fixtureSecret, undefined]) {
      it(`${redact ? 'redacted' : 'not redacted'}, ${secret ? 're-signed' : 'signature kept or dropped'}: Content-Length is the .body file's length${secret ? ', the signature its HMAC' : ''}`, async () => {
        const dir = outDir();
        await source.call('export.fixtures', { selection: { deliveryIds: ids }, redact, testSecret: secret, outDir: dir });
        const fixtures = writtenFixtures(dir);
        const kept = fixtures.map((f) => f.body.byteLength);
        expect(redact ? kept.slice(2) : kept).toEqual(bodies.map((b) => Math.min(b.byteLength, limit)).slice(redact ? 2 : 0));
        for (const fixture of fixtures) {
          expect(headerValues(fixture, 'content-length'), fixture.bodyFile).toEqual([String(fixture.body.byteLength)]);
          expect(fixture.bodySha256).toBe(sha256(fixture.body));
          if (secret) {
            expect(headerValues(fixture, 'x-service-signature')).toEqual([fixture.signatureHeader]);
            expect(verifySignature(fixture.body, fixture.signatureHeader, fixtureSecret).verdict).toBe('valid');
          }
        }
      });
    }
  }

  it.runIf(hasCurl)('a redacted, re-signed fixture sent with curl as written (its headers, its .body) is stored whole and verifies', async () => {
    const dir = outDir();
    await source.call('export.fixtures', { selection: { deliveryIds: ids }, redact: true, testSecret: fixtureSecret, outDir: dir });
    const target = await startTestCore({ secret: fixtureSecret });
    try {
      for (const fixture of writtenFixtures(dir)) {
        const headers = fixture.headers.filter(([name]) => !['host', 'connection'].includes(name.toLowerCase()));
        const args = ['-sS', '-k', '--max-time', '20', '-H', 'Expect:', ...headers.flatMap(([n, v]) => ['-H', `${n}: ${v}`])];
        // A Content-Length longer than the bytes sent would leave the receiver waiting for the rest: curl's deadline fails it.
        await promisify(execFile)('curl', [...args, '--data-binary', `@${fixture.bodyFile}`, `${target.receiverUrl}/webhooks`]);
      }
      const stored = storedRows(target.dataDir);
      expect(stored.map((r) => sha256(r.body))).toEqual(writtenFixtures(dir).map((f) => sha256(f.body)));
      expect(stored.map((r) => r.signature)).toEqual(ids.map(() => 'valid'));
    } finally {
      await target.stop();
    }
  });
});
