import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstInvalidUtf8Byte } from '../../src/renderer/src/lib/raw-bytes';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const decodes = (bytes: Uint8Array) => {
  try {
    strict.decode(bytes);
    return true;
  } catch {
    return false;
  }
};

/** Bytes near UTF-8's edges: ASCII, continuation bytes, every lead byte, valid sequences and their cut-off starts. */
const utf8ish = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 0xff }).map((byte) => [byte]),
      fc.string({ unit: 'grapheme' }).map((text) => [...new TextEncoder().encode(text)]),
      fc.constantFrom([0xc0, 0xbc], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0xef, 0xbb, 0xbf]),
    ),
  )
  .map((chunks) => Uint8Array.from(chunks.flat()));

describe('where a body stops being UTF-8', () => {
  it('is null exactly when a strict decoder takes the whole body, and the bytes before it always decode', () => {
    fc.assert(
      fc.property(utf8ish, (bytes) => {
        const at = firstInvalidUtf8Byte(bytes);
        expect(at === null).toBe(decodes(bytes));
        if (at !== null) expect(decodes(bytes.subarray(0, at))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('names the lead byte of a bad sequence, not the byte after it', () => {
    expect(firstInvalidUtf8Byte(Uint8Array.from([0x7b, 0xff, 0x7d]))).toBe(1);
    expect(firstInvalidUtf8Byte(Uint8Array.from([0x61, 0xe2, 0x82]))).toBe(1);
    expect(firstInvalidUtf8Byte(Uint8Array.from([0xc0, 0xbc]))).toBe(0);
    expect(firstInvalidUtf8Byte(new TextEncoder().encode('ä€😀'))).toBeNull();
  });
});
