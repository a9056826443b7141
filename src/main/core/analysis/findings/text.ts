import { isJsonNumber, jsonNumberText } from '../../../../shared/payloads/json-values';
import { jsonTypeName } from '../json-access';

/** A received string quoted for a one-line message, cut so one huge value cannot flood the view. */
export function quote(value: string, max = 60): string {
  return value.length > max ? `${JSON.stringify(value.slice(0, max))}…` : JSON.stringify(value);
}

export function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** A short, safe rendering of a received JSON value. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return quote(value, 40);
  if (isJsonNumber(value)) return `the number ${jsonNumberText(value)}`;
  if (typeof value === 'boolean') return String(value);
  return withArticle(jsonTypeName(value));
}
