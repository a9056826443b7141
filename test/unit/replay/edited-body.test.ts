import { describe, expect, it } from 'vitest';
import { editableText, editedBytes, editedText, textareaText, toBase64 } from '../../../src/renderer/src/features/replay/edited-body';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('a body edited as text in a textarea', () => {
  it('keeps every byte that was not edited: numbers as written, spacing, key order', () => {
    const original = '{ "amount":25.00,\n  "fee": 1.10, "rate":1e2 }';
    const edited = textareaText(original).replace('25.00', '26.50');
    expect(Buffer.from(editedBytes(original, edited)).toString()).toBe('{ "amount":26.50,\n  "fee": 1.10, "rate":1e2 }');
  });

  it('gives the original bytes back when nothing was edited, CRLFs and a byte-order mark included', () => {
    const original = editableText(bytes('\ufeff{"a":1,\r\n"b":2}\r\n'))!;
    expect(original.startsWith('\ufeff')).toBe(true);
    expect(Buffer.from(editedBytes(original, textareaText(original))).equals(bytes('\ufeff{"a":1,\r\n"b":2}\r\n'))).toBe(true);
  });

  it("keeps the line breaks of the lines around an edit, and gives edited lines the body's usual one", () => {
    const original = '{\r\n"a": 1.10,\r\n"b": 2,\n"c": 3\r\n}';
    const edited = textareaText(original).replace('"b": 2', '"b": 20\n"x": 0');
    expect(editedText(original, edited)).toBe('{\r\n"a": 1.10,\r\n"b": 20\r\n"x": 0,\r\n"c": 3\r\n}');
  });

  it('ends where the edit ends: no line break added or lost at the end', () => {
    expect(editedText('a\r\nb', 'a')).toBe('a');
    expect(editedText('a\r\nb', 'a\nb\n')).toBe('a\r\nb\r\n');
    expect(editedText('a\r\nb\r\n', 'a\nc\n')).toBe('a\r\nc\r\n');
  });

  it('says a body that is not UTF-8 cannot be edited as text', () => {
    expect(editableText(Uint8Array.from([0x7b, 0xff, 0x7d]))).toBeNull();
  });

  it('encodes base64 as Node does', () => {
    const all = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
    expect(toBase64(all)).toBe(Buffer.from(all).toString('base64'));
  });
});
