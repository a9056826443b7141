import type { z } from 'zod';
import type { Finding } from '../../../../shared/verdicts';
import type { ValueFormat } from '../../../../shared/payloads/json-values';
import { jsonPath, valueAt } from '../json-access';
import { describeValue, withArticle } from './text';
import { finding, isFindingCode, type FindingCode } from './catalog';

export type SchemaArea = 'giftcard' | 'form_a' | 'form_b';

export interface SchemaCheck {
  area: SchemaArea;
  /** Where the validated value sits in the body, e.g. ['data']. */
  at?: PropertyKey[];
  /** JSON paths another check owns; issues there are dropped. */
  skip?: readonly string[];
  /** A more specific code for an issue at a JSON path (nulls and missing keys keep the generic codes). */
  codes?: Readonly<Record<string, FindingCode>>;
  /** Appended to the message of a missing key, e.g. why the key is required here. */
  missingNote?: (path: string) => string | null;
}

const formatSuffix: Record<ValueFormat, string> = {
  json_number: 'amount_not_number',
  integer: 'not_integer',
  decimal: 'amount_not_decimal_string',
  uuid: 'not_uuid',
  iso8601: 'not_iso8601',
  currency_code: 'currency_not_code',
};

function codeFor(area: SchemaArea, suffix: string): FindingCode {
  const code = `${area}.${suffix}`;
  return isFindingCode(code) ? code : (`${area}.field_type` as const);
}

function issueFinding(issue: z.core.$ZodIssue, root: unknown, check: SchemaCheck): Finding | null {
  const fullPath = [...(check.at ?? []), ...issue.path];
  const path = jsonPath(fullPath);
  if (issue.code === 'unrecognized_keys' || check.skip?.includes(path)) return null;
  const value = valueAt(root, fullPath);
  if (value === undefined) {
    const note = check.missingNote?.(path);
    return finding(codeFor(check.area, 'field_missing'), path, `Required key ${path} is missing${note ? ` (${note})` : ''}.`);
  }
  if (value === null) {
    return finding(codeFor(check.area, 'field_null'), path, `${path} is null; the spec gives it a non-null type.`);
  }
  const specific = check.codes?.[path];
  if (issue.code === 'custom') {
    const format = (issue.params as { format?: ValueFormat } | undefined)?.format;
    const code = specific ?? codeFor(check.area, format ? formatSuffix[format] : 'field_type');
    return finding(code, path, `${path} is ${describeValue(value)}; ${issue.message}.`);
  }
  if (issue.code === 'invalid_value') {
    const expected = issue.values.map((v) => JSON.stringify(v)).join(' or ');
    return finding(specific ?? codeFor(check.area, 'field_value'), path, `${path} is ${describeValue(value)}; expected ${expected}.`);
  }
  const expected = issue.code === 'invalid_type' ? issue.expected : 'another shape';
  return finding(
    specific ?? codeFor(check.area, 'field_type'),
    path,
    `${path} is ${describeValue(value)}; expected ${withArticle(expected)}.`,
  );
}

/** Validates a value with a payload schema and turns each zod issue into a finding with a stable code. */
export function schemaFindings(schema: z.ZodType, root: unknown, check: SchemaCheck): Finding[] {
  const result = schema.safeParse(valueAt(root, check.at ?? []));
  if (result.success) return [];
  return result.error.issues.map((issue) => issueFinding(issue, root, check)).filter((f): f is Finding => f !== null);
}
