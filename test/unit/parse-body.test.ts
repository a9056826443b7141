import { describe, expect, it } from 'vitest';
import { isLosslessNumber } from 'lossless-json';
import { maxJsonDepth, nestingDepth, parseBody } from '../../src/main/core/analysis/parse-body';

const parse = (text: string) => parseBody(new TextEncoder().encode(text));

function objectOf(text: string): Record<string, unknown> {
  const parsed = parse(text);
  if (parsed.kind !== 'object') throw new Error(`expected an object, got ${parsed.kind}`);
  return parsed.value;
}

describe('parseBody', () => {
  it('tells an empty body apart', () => {
    expect(parseBody(new Uint8Array(0))).toEqual({ kind: 'empty' });
  });

  it('rejects invalid UTF-8 strictly (lone continuation byte, overlong encoding, truncated sequence)', () => {
    for (const bytes of [
      [0x7b, 0x80, 0x7d],
      [0xc0, 0xaf],
      [0x7b, 0x22, 0xe2, 0x82],
    ]) {
      expect(parseBody(Uint8Array.from(bytes)).kind).toBe('invalid_utf8');
    }
  });

  it('reports invalid JSON with the parser reason', () => {
    const parsed = parse('{"event": "payout.processing",}');
    expect(parsed.kind).toBe('invalid_json');
    expect(parsed.kind === 'invalid_json' && parsed.reason).toMatch(/position/);
    expect(parse('   ').kind).toBe('invalid_json');
    expect(parse('{"a":1} trailing').kind).toBe('invalid_json');
  });

  it('does not drop a byte-order mark silently', () => {
    const parsed = parse('\uFEFF{}');
    expect(parsed.kind).toBe('invalid_json');
    expect(parsed.kind === 'invalid_json' && parsed.reason).toMatch(/byte-order mark/);
  });

  it.each([
    ['[1,2]', 'array'],
    ['"text"', 'string'],
    ['42', 'number'],
    ['true', 'boolean'],
    ['null', 'null'],
  ])('classes %s as non-object JSON of type %s', (text, jsonType) => {
    expect(parse(text)).toMatchObject({ kind: 'not_object', jsonType });
  });

  it('keeps number text exactly: 25.00, 1e2, -0 and a 30-digit integer', () => {
    const value = objectOf('{"amount": 25.00, "exp": 1e2, "neg": -0, "big": 123456789012345678901234567890}');
    for (const [key, text] of [
      ['amount', '25.00'],
      ['exp', '1e2'],
      ['neg', '-0'],
      ['big', '123456789012345678901234567890'],
    ] as const) {
      const number = value[key];
      expect(isLosslessNumber(number)).toBe(true);
      expect(String(number)).toBe(text);
    }
  });

  it('keeps the last value of a duplicate key and records it', () => {
    const parsed = parse('{"event":"a","event":"b"}');
    expect(parsed).toMatchObject({ kind: 'object', value: { event: 'b' }, duplicateKeys: [{ key: 'event' }] });
  });

  it('stores "__proto__" as an own key without touching the prototype', () => {
    const value = objectOf('{"__proto__": {"polluted": true}}');
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses nesting deeper than the limit without overflowing the stack', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(parse(`{"a":${deep}}`).kind).toBe('too_deep');
    const atLimit = `${'['.repeat(maxJsonDepth - 1)}${']'.repeat(maxJsonDepth - 1)}`;
    expect(parse(`{"a":${atLimit}}`).kind).toBe('object');
  });

  it('counts nesting outside strings only', () => {
    expect(nestingDepth('{"a":"[[[[{{{","b":[{}]}')).toBe(3);
    expect(nestingDepth('{"a":"\\"[[["}')).toBe(1);
  });
});
