import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareDeliveries } from '../../src/main/core/compare/compare-deliveries';
import { comparisonText, escapedForTerminal } from '../../src/main/core/compare/comparison-text';
import { parseOrderedJson } from '../../src/main/core/compare/ordered-json';
import type { DeliveryComparison } from '../../src/shared/compare';
import type { DeliveryDetail } from '../../src/shared/delivery';

const baseHeaders: Array<[string, string]> = [
  ['Host', '127.0.0.1:8443'],
  ['Content-Type', 'application/json'],
  ['X-Service-Event', 'payout.processing'],
  ['X-Service-Delivery', '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d'],
  ['X-Service-Signature', 'sha256=abc'],
];

/** A stored delivery's detail around these bytes; only what the comparison reads matters. */
function detail(id: number, body: string | Uint8Array, overrides: Partial<DeliveryDetail> = {}): DeliveryDetail {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return {
    id,
    receivedAt: '2026-03-02T10:00:00.000Z',
    method: 'POST',
    path: '/webhooks',
    tls: true,
    event: 'payout.processing',
    payoutType: null,
    form: 'unknown',
    signature: 'valid',
    duplicateCount: 1,
    idempotencyKey: null,
    subject: null,
    responseStatus: 200,
    bodySize: bytes.length,
    findingCounts: { error: 0, warning: 0, info: 0 },
    imported: false,
    source: null,
    query: '',
    headers: baseHeaders,
    bodyBase64: bytes.toString('base64'),
    bodySha256: createHash('sha256').update(bytes).digest('hex'),
    bodyTruncated: false,
    remoteAddress: '127.0.0.1',
    deliveryId: null,
    eventTime: null,
    signatureCheck: { verdict: 'valid', received: 'sha256=abc', expected: 'abc', reason: 'matches' },
    findings: [],
    duplicateOf: null,
    siblings: [],
    group: null,
    response: { status: 200, body: '', reason: 'policy', afterMs: 3 },
    lifecycleKey: null,
    orderUuid: null,
    recipientKey: null,
    ...overrides,
  };
}

const compare = (left: string | Uint8Array, right: string | Uint8Array, overrides: Partial<DeliveryDetail> = {}) =>
  compareDeliveries(detail(1, left), detail(2, right, overrides));

const changes = (comparison: DeliveryComparison) => comparison.body.json?.changes ?? [];

describe('compareDeliveries: JSON bodies', () => {
  it('compares numbers by their exact text: 1.10 is not 1.1, and says they are the same value', () => {
    const result = compare('{"amount":1.10}', '{"amount":1.1}');
    expect(result.equal).toBe(false);
    expect(changes(result)).toEqual([expect.objectContaining({ kind: 'changed', path: '$.amount', left: '1.10', right: '1.1', sameNumber: true })]);
    expect(result.summary[0]).toMatch(/The bodies differ: 1 JSON difference .*the same value written differently/);
  });

  it('tells numbers beyond double precision apart', () => {
    const result = compare('{"n":12345678901234567890.123}', '{"n":12345678901234567890.124}');
    expect(changes(result)).toEqual([
      expect.objectContaining({ kind: 'changed', path: '$.n', left: '12345678901234567890.123', right: '12345678901234567890.124', sameNumber: false }),
    ]);
    expect(compare('{"n":9007199254740993}', '{"n":9007199254740992}').equal).toBe(false);
  });

  it('reports paths added, removed and changed, nested and in arrays', () => {
    const result = compare('{"a":{"b":1,"c":[1,2,3]},"gone":true}', '{"a":{"b":"1","c":[1,2],"d":null}}');
    expect(changes(result).map((change) => [change.kind, change.path])).toEqual([
      ['changed', '$.a.b'],
      ['removed', '$.a.c[2]'],
      ['added', '$.a.d'],
      ['removed', '$.gone'],
    ]);
    expect(changes(result)[0]).toMatchObject({ leftType: 'number', rightType: 'string' });
  });

  it('shows a key order that differs, and nothing else, as a reordering', () => {
    const result = compare('{"a":1,"b":2,"c":3}', '{"c":3,"a":1,"b":2}');
    expect(result.equal).toBe(false);
    expect(changes(result)).toEqual([expect.objectContaining({ kind: 'reordered', path: '$', leftOrder: ['a', 'b', 'c'], rightOrder: ['c', 'a', 'b'] })]);
  });

  it('keeps integer-like keys in their written order', () => {
    const result = compare('{"b":1,"1":2}', '{"1":2,"b":1}');
    expect(changes(result)).toEqual([expect.objectContaining({ kind: 'reordered', leftOrder: ['b', '1'], rightOrder: ['1', 'b'] })]);
  });

  it('compares each writing of a repeated key, and names the repeats', () => {
    const result = compare('{"amount":"1","amount":"2"}', '{"amount":"9","amount":"2"}');
    expect(changes(result)).toEqual([expect.objectContaining({ kind: 'changed', path: '$.amount', occurrence: 1, left: '"1"', right: '"9"' })]);
    expect(result.left.body.duplicateKeys).toEqual([{ path: '$.amount', key: 'amount', count: 2 }]);
    expect(result.summary.join('\n')).toMatch(/writes a key more than once \(\$\.amount ×2\)/);
    // The last writing alone, which a parser keeps, is the same: still not equal.
    const firstOnly = compare('{"a":1,"a":2}', '{"a":2}');
    expect(firstOnly.equal).toBe(false);
    expect(changes(firstOnly)).toEqual([
      expect.objectContaining({ kind: 'changed', path: '$.a', occurrence: 1, left: '1', right: '2' }),
      expect.objectContaining({ kind: 'removed', path: '$.a', occurrence: 2, left: '2' }),
    ]);
  });

  it('compares JSON that is not an object', () => {
    expect(changes(compare('[1,2]', '[1,3]'))).toEqual([expect.objectContaining({ path: '$[1]', left: '2', right: '3' })]);
    expect(changes(compare('"a"', '5'))).toEqual([expect.objectContaining({ path: '$', leftType: 'string', rightType: 'number' })]);
    expect(compare('null', 'null').equal).toBe(true);
    expect(compare('true', 'true').body.identical).toBe(true);
  });

  it('says bodies that differ only in spacing or escapes differ in bytes, never that they are equal', () => {
    const result = compare('{"a":"A"}', '{"a":"\\u0041"}');
    expect(result.equal).toBe(false);
    expect(result.body.identical).toBe(false);
    expect(changes(result)).toEqual([]);
    expect(result.summary[0]).toMatch(/not as JSON: the same values written differently/);
    expect(compare('{"a":1}', '{ "a": 1 }').equal).toBe(false);
  });

  it('reads past a byte-order mark as JSON and says it is there', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]);
    const result = compare(withBom, '{"a":1}');
    expect(result.equal).toBe(false);
    expect(result.left.body).toMatchObject({ bom: true, kind: 'json' });
    expect(result.body.bytes).toMatchObject({ firstDifference: 0, left: { offset: 0, hex: 'ef bb bf 7b 22 61 22 3a 31 7d' } });
    expect(result.summary.join('\n')).toMatch(/left body starts with a byte-order mark/);
  });
});

describe('compareDeliveries: bodies that are not JSON', () => {
  it('compares invalid UTF-8 as bytes: the first differing byte and the hex around it', () => {
    const left = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xff, 0x7d]);
    const right = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xfe, 0x7d]);
    const result = compare(left, right);
    expect(result.equal).toBe(false);
    expect(result.left.body).toMatchObject({ kind: 'invalid_utf8', firstInvalidByte: 5 });
    expect(result.body.text).toBeNull();
    expect(result.body.bytes).toEqual({ firstDifference: 5, left: { offset: 0, hex: '7b 22 61 22 3a ff 7d' }, right: { offset: 0, hex: '7b 22 61 22 3a fe 7d' } });
  });

  it('finds the first bad byte where the raw view marks it (a lead byte whose sequence breaks)', () => {
    const result = compare(Buffer.from([0x61, 0xc3, 0x41]), 'a');
    expect(result.left.body.firstInvalidByte).toBe(1);
  });

  it('line-diffs text that is not JSON with the diff library', () => {
    const result = compare('one\ntwo\nthree\n', 'one\n2\nthree\n');
    expect(result.body.text?.hunks).toEqual([{ oldStart: 1, oldLines: 3, newStart: 1, newLines: 3, lines: [' one', '-two', '+2', ' three'] }]);
    expect(result.body.bytes?.firstDifference).toBe(4);
  });

  it('compares empty bodies: equal to each other, never to a body', () => {
    expect(compare('', '').equal).toBe(true);
    const result = compare('', '{}');
    expect(result.equal).toBe(false);
    expect(result.left.body.kind).toBe('empty');
    expect(result.body.bytes).toEqual({ firstDifference: 0, left: { offset: 0, hex: '' }, right: { offset: 0, hex: '7b 7d' } });
  });

  it('a body that is a prefix of the other differs where the shorter ends', () => {
    const result = compare('abc', 'abcd');
    expect(result.body.bytes?.firstDifference).toBe(3);
  });

  it('compares 900 KiB bodies without a crash, finding a difference near their end', () => {
    const size = 900 * 1024;
    const big = (last: string) => `{"items":[${Array.from({ length: 40_000 }, (_, i) => `{"i":${i},"v":"${'x'.repeat(8)}"}`).join(',')}],"last":${last}}`;
    const left = big('1.0');
    const right = big('1.00');
    expect(Buffer.byteLength(left)).toBeGreaterThan(size);
    const result = compare(left, right);
    expect(result.equal).toBe(false);
    expect(changes(result)).toEqual([expect.objectContaining({ path: '$.last', left: '1.0', right: '1.00', sameNumber: true })]);
    const text = compare(`${'line\n'.repeat(200_000)}a`, `${'line\n'.repeat(200_000)}b`);
    expect(text.equal).toBe(false);
    expect(text.body.bytes?.firstDifference).toBe(1_000_000);
    const bytes = Buffer.alloc(size, 0xff);
    const other = Buffer.from(bytes);
    other[size - 1] = 0xfe;
    expect(compare(bytes, other).body.bytes?.firstDifference).toBe(size - 1);
  });

  it('gives the line diff up when the texts differ everywhere, and still says where the bytes differ', () => {
    const lines = (tag: string) => Array.from({ length: 6_000 }, (_, i) => `${tag}${i}`).join('\n');
    const result = compare(lines('a'), lines('b'));
    expect(result.body.text).toEqual({ hunks: [], abandoned: true, omittedLines: 0 });
    expect(result.body.bytes?.firstDifference).toBe(0);
    expect(comparisonText(result).join('\n')).toContain('# Too many differences to show line by line: see the bytes.');
  });

  it('stops listing past a thousand JSON differences and counts the rest', () => {
    const array = (value: number) => `[${Array.from({ length: 1_500 }, () => value).join(',')}]`;
    const result = compare(array(1), array(2));
    expect(result.body.json?.changes).toHaveLength(1_000);
    expect(result.body.json?.omitted).toBe(500);
  });
});

describe('compareDeliveries: headers, signatures, findings', () => {
  it('reports headers changed, added, removed, in another case and moved, in the right side order', () => {
    const right: Array<[string, string]> = [
      ['Host', '127.0.0.1:8443'],
      ['X-Service-Event', 'payout.processing'],
      ['content-type', 'application/json'],
      ['X-Service-Delivery', 'another'],
      ['X-Extra', '1'],
    ];
    const result = compareDeliveries(detail(1, '{}'), detail(2, '{}', { headers: right }));
    expect(result.equal).toBe(false);
    expect(result.body.identical).toBe(true);
    expect(result.headers.rows.map((row) => [row.kind, (row.right ?? row.left)!.name, row.caseChanged, row.moved])).toEqual([
      ['same', 'Host', false, false],
      ['same', 'X-Service-Event', false, false],
      ['same', 'content-type', true, true],
      ['changed', 'X-Service-Delivery', false, false],
      ['removed', 'X-Service-Signature', false, false],
      ['added', 'X-Extra', false, false],
    ]);
    expect(result.summary[0]).toMatch(/^The bodies are byte-identical \(2 bytes\); only the headers differ: 1 value changed \(X-Service-Delivery\)/);
  });

  it('matches repeated headers by occurrence', () => {
    const result = compareDeliveries(detail(1, '', { headers: [['X-A', '1'], ['X-A', '2']] }), detail(2, '', { headers: [['X-A', '1'], ['X-A', '3']] }));
    expect(result.headers.rows.map((row) => row.kind)).toEqual(['same', 'changed']);
  });

  it('sets signature verdicts and findings side by side', () => {
    const finding = { code: 'header.repeated', severity: 'warning' as const, path: '$', message: 'X-A twice' };
    const other = { code: 'signature.invalid', severity: 'error' as const, path: '$', message: 'no match' };
    const result = compareDeliveries(
      detail(1, '{}', { findings: [finding] }),
      detail(2, '{}', {
        signature: 'invalid',
        signatureCheck: { verdict: 'invalid', received: 'sha256=abc', expected: '12345678', expectedIsPrefix: true, reason: 'no match' },
        findings: [finding, other],
      }),
    );
    expect(result.signature).toEqual({ sameVerdict: false, left: 'valid', right: 'invalid' });
    expect(result.findings).toEqual({ onlyLeft: [], onlyRight: [other], both: [finding] });
    expect(result.right.signatureCheck.expected).toBe('12345678');
    expect(result.summary).toContain('The signature verdicts differ: valid on the left, invalid on the right.');
  });
});

describe('comparison text', () => {
  it('writes sections like a unified diff, with peer text escaped', () => {
    const result = compareDeliveries(
      detail(1, '{"amount":1.10}', { headers: [['X-Evil', 'a\u001b[31mred\u202e']] }),
      detail(2, '{"amount":1.1}', { headers: [['X-Evil', 'b']] }),
    );
    const text = comparisonText(result).join('\n');
    expect(text).toContain('--- delivery 1 (');
    expect(text).toContain('+++ delivery 2 (');
    expect(text).toContain('@@ headers @@\n-X-Evil: a\\x1B[31mred\\u{202E}\n+X-Evil: b');
    expect(text).toContain('@@ body: JSON @@\n~ $.amount (the same number, written differently)\n-   1.10\n+   1.1');
    expect(text).toContain('@@ body: bytes @@');
    expect(text).not.toContain('\u001b');
  });

  it('escapes control and invisible characters', () => {
    expect(escapedForTerminal('a\rb\nc\u0007\u200b\ud800')).toBe('a\\rb\\nc\\x07\\u{200B}\\u{D800}');
  });
});

describe('compareDeliveries: properties', () => {
  const bodies = fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    fc.json({ maxDepth: 3 }).map((text) => new TextEncoder().encode(text)),
    fc.string({ maxLength: 40 }).map((text) => new TextEncoder().encode(text)),
  );

  it('a delivery compared with itself is equal', () => {
    fc.assert(
      fc.property(bodies, (body) => {
        const result = compareDeliveries(detail(1, body), detail(1, body));
        expect(result.equal).toBe(true);
        expect(result.body.identical).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('two bodies whose bytes differ are never equal, and their first difference is where the bytes first differ', () => {
    fc.assert(
      fc.property(bodies, bodies, (left, right) => {
        fc.pre(Buffer.compare(Buffer.from(left), Buffer.from(right)) !== 0);
        const result = compareDeliveries(detail(1, left), detail(2, right));
        expect(result.equal).toBe(false);
        expect(result.body.identical).toBe(false);
        const at = result.body.bytes!.firstDifference;
        expect(Buffer.from(left).subarray(0, at).equals(Buffer.from(right).subarray(0, at))).toBe(true);
        expect(left[at] === right[at] && at < left.length && at < right.length).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('two JSON values compared as JSON list a difference whenever they differ as written', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 3 }), fc.json({ maxDepth: 3 }), (left, right) => {
        const a = JSON.stringify(parseOrderedJson(left));
        const b = JSON.stringify(parseOrderedJson(right));
        const result = compare(left, right);
        if (a !== b) expect(changes(result).length).toBeGreaterThan(0);
        else expect(changes(result)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
