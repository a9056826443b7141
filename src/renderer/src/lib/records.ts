/** The API's list items as table rows: objects as they are, anything else under one "value" column. */
export type RecordRow = Readonly<Record<string, unknown>>;

export const valueColumn = '(value)';

export function asRecord(item: unknown): RecordRow {
  return typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as RecordRow) : { [valueColumn]: item };
}

/** The union of the records' keys, in the order they first appear. */
export function columnsOf(records: readonly RecordRow[]): string[] {
  const columns = new Set<string>();
  for (const record of records) for (const key of Object.keys(record)) columns.add(key);
  return [...columns];
}

export function isNested(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** A cell as text: nested values as compact JSON, null as `null`, a missing key as nothing. */
export function cellText(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? String(value);
}

/**
 * RFC 4180: a header of the union of keys, then one line per record, CRLF; quoted where needed.
 * Nested values are JSON text; null and a missing key are both empty.
 */
export function recordsToCsv(items: readonly unknown[]): string {
  const records = items.map(asRecord);
  const columns = columnsOf(records);
  const lines = [columns.map(csvField), ...records.map((record) => columns.map((column) => csvField(record[column] === null ? '' : cellText(record[column]))))];
  return lines.map((fields) => fields.join(',')).join('\r\n') + '\r\n';
}

export function recordsToJson(items: readonly unknown[]): string {
  return `${JSON.stringify(items, null, 2)}\n`;
}

function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
