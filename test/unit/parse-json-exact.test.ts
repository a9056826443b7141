import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isLosslessNumber, parse as losslessParse } from 'lossless-json';
import { parseJsonExact, type ExactJson } from '../../src/main/core/analysis/parse-json-exact';

/** What parseBody did before: lossless-json alone, recording repeated keys. */
function losslessOnly(text: string): ExactJson {
  const duplicateKeys: ExactJson['duplicateKeys'] = [];
  const value = losslessParse(text, null, {
    onDuplicateKey: ({ key, position, newValue }) => {
      duplicateKeys.push({ key, position });
      return newValue;
    },
  });
  return { value, duplicateKeys };
}

function outcome(parse: (text: string) => ExactJson, text: string) {
  try {
    return { ok: parse(text) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

/** Keys that collide (repeated keys), that V8 orders first (integer-like), or that are hard to scan (quotes, backslashes). */
const key = fc.constantFrom('a', 'b', 'event', '__proto__', '0', '1', '42', '01', 'a"b', 'a\\', '\\"', ':', 'x y', 'é', '1e2', '-1');
const numberText = fc.oneof(
  fc.constantFrom('0', '-0', '1.0', '25.00', '1e2', '-1E-7', '1E+2', '0.1', '123456789012345678901234567890', '9007199254740993'),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
);
const space = fc.constantFrom('', ' ', '\n  ', '\t', '\r\n');
const stringText = fc.oneof(key, fc.string(), fc.constantFrom('1.5', '-3', 'a":1,"b', '\\\\', '{"x":2}')).map((s) => JSON.stringify(s));

const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    numberText,
    stringText,
    fc.constantFrom('true', 'false', 'null'),
    fc.array(fc.tuple(space, tie('value'), space), { maxLength: 4 }).map((items) => `[${items.map((p) => p.join('')).join(',')}]`),
    fc
      .array(fc.tuple(space, key, space, tie('value'), space), { maxLength: 5 })
      .map((members) => `{${members.map(([s1, k, s2, v, s3]) => `${s1}${JSON.stringify(k)}${s2}:${v}${s3}`).join(',')}}`),
  ),
})).value;

describe('parseJsonExact', () => {
  it('answers exactly as lossless-json does: values, number texts, repeated keys and their positions, errors', () => {
    fc.assert(
      fc.property(jsonText, space, (text, pad) => {
        const padded = `${pad}${text}${pad}`;
        expect(outcome(parseJsonExact, padded)).toStrictEqual(outcome(losslessOnly, padded));
      }),
      { numRuns: 3000 },
    );
  });

  it('answers invalid JSON with lossless-json’s own error', () => {
    fc.assert(
      fc.property(jsonText, fc.nat(), fc.constantFrom('', ',', '"', '}', '-', 'x', '\\'), (text, at, insert) => {
        const cut = at % (text.length + 1);
        const broken = text.slice(0, cut) + insert + text.slice(cut + 1);
        expect(outcome(parseJsonExact, broken)).toStrictEqual(outcome(losslessOnly, broken));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every number as its exact text', () => {
    const { value } = parseJsonExact('{"amount": 25.00, "list": [1e2, -0, 123456789012345678901234567890], "s": "7"}');
    const object = value as { amount: unknown; list: unknown[]; s: unknown };
    expect([object.amount, ...object.list].map((n) => (isLosslessNumber(n) ? n.value : n))).toEqual([
      '25.00',
      '1e2',
      '-0',
      '123456789012345678901234567890',
    ]);
    expect(object.s).toBe('7');
  });
});
