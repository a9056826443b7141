import { z } from 'zod';
import { isLosslessNumber, type LosslessNumber } from 'lossless-json';

/**
 * Value schemas for the spec's field types. Bodies are parsed losslessly (lossless-json), so a JSON
 * number arrives as a LosslessNumber keeping its exact text; a plain JS number (e.g. from JSON.parse)
 * is accepted too. Each custom check carries `params.format`, which the analysis maps to a finding code.
 */

export type JsonNumberValue = LosslessNumber | number;

export function isJsonNumber(value: unknown): value is JsonNumberValue {
  return isLosslessNumber(value) || (typeof value === 'number' && Number.isFinite(value));
}

/** The number's text exactly as it appeared in the body (for a plain JS number, its shortest form). */
export function jsonNumberText(value: JsonNumberValue): string {
  return typeof value === 'number' ? String(value) : value.value;
}

const integerText = /^-?(0|[1-9]\d*)$/;

/** An Integer is a JSON number written without fraction or exponent (`1.0` and `1e2` are not). */
export function isJsonInteger(value: unknown): value is JsonNumberValue {
  if (typeof value === 'number') return Number.isInteger(value);
  return isLosslessNumber(value) && integerText.test(value.value);
}

const decimalText = /^-?(0|[1-9]\d*)(\.\d+)?$/;

/**
 * A decimal String: plain notation (no exponent, no leading zeros, no spaces). decimal.js reads every such text
 * as finite, so no Decimal is built to ask: its exponent is below the text's length, far under maxE (9e15).
 */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && decimalText.test(value);
}

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Any RFC 9562 textual UUID; the version and variant bits are not checked. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidText.test(value);
}

const dateTimeText = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The number written by `length` ASCII digits from `at` (the caller matched them with \d). */
function digitsAt(text: string, at: number, length: number): number {
  let value = 0;
  for (let i = at; i < at + length; i++) value = value * 10 + text.charCodeAt(i) - 0x30;
  return value;
}

/** Days in the month as Date.UTC counts them (years 0–99 read as 1900–1999). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** ISO-8601 date-time in extended format with an explicit offset (events are ordered by it, so the zone matters). */
export function isIso8601DateTime(value: unknown): value is string {
  if (typeof value !== 'string' || !dateTimeText.test(value)) return false;
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  const offsetOk = value.endsWith('Z') || (digitsAt(value, value.length - 5, 2) <= 23 && digitsAt(value, value.length - 2, 2) <= 59);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    (day <= 28 || day <= daysInMonth(digitsAt(value, 0, 4), month)) &&
    digitsAt(value, 11, 2) <= 23 &&
    digitsAt(value, 14, 2) <= 59 &&
    digitsAt(value, 17, 2) <= 60 &&
    offsetOk
  );
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Z]{3}$/.test(value);
}

export const valueFormats = ['json_number', 'integer', 'decimal', 'uuid', 'iso8601', 'currency_code'] as const;
export type ValueFormat = (typeof valueFormats)[number];

export const JsonNumber = z.custom<JsonNumberValue>(isJsonNumber, {
  error: 'expected a JSON number',
  params: { format: 'json_number' },
});
export const JsonInteger = z.custom<JsonNumberValue>(isJsonInteger, {
  error: 'expected an integer (a JSON number without fraction or exponent)',
  params: { format: 'integer' },
});
export const DecimalString = z.custom<string>(isDecimalString, {
  error: 'expected a decimal string such as "12.50"',
  params: { format: 'decimal' },
});
export const Uuid = z.string().refine(isUuid, { error: 'expected a UUID', params: { format: 'uuid' } });
export const Iso8601 = z
  .string()
  .refine(isIso8601DateTime, { error: 'expected an ISO-8601 date-time with offset', params: { format: 'iso8601' } });
export const CurrencyCode = z
  .string()
  .refine(isCurrencyCode, { error: 'expected a three-letter currency code', params: { format: 'currency_code' } });

/**
 * A nested object schema that refuses a LosslessNumber: it is an object to JS (and to zod's object
 * check) but a number in JSON. Turning it into NaN first makes zod report "expected object".
 */
export function nested<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isLosslessNumber(value) ? Number.NaN : value), schema);
}
