import { LosslessNumber, stringify } from 'lossless-json';

export type Json = Record<string, unknown>;

/** The wire text of a body; LosslessNumbers keep their exact text (25.00 stays 25.00). */
export function jsonText(body: Json): string {
  const text = stringify(body);
  if (text === undefined) throw new Error('body cannot be written as JSON');
  return text;
}

const decimalText = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/** A decimal string written as a JSON number with the same text. */
export function jsonNumber(decimal: string): LosslessNumber {
  if (!decimalText.test(decimal)) throw new Error(`not a plain decimal: ${decimal}`);
  return new LosslessNumber(decimal);
}

export function isPlainDecimal(text: string): boolean {
  return decimalText.test(text);
}
