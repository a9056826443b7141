/**
 * Edits of a body's JSON text that keep every other byte as the service wrote it (a case changes one thing only).
 * The bodies come from the simulator's scenarios: compact JSON, one key per name at each level.
 */

const scalar = String.raw`("(?:[^"\\]|\\.)*"|-?[0-9][0-9.eE+-]*|true|false|null)`;

/** Replaces the first value of `key` (a string, number, boolean or null) with `rawValue` (JSON text). */
export function replaceValue(bodyText: string, key: string, rawValue: string): string {
  const pattern = new RegExp(`("${key}":)${scalar}`);
  if (!pattern.test(bodyText)) throw new Error(`the body has no scalar "${key}"`);
  return bodyText.replace(pattern, (_match, prefix: string) => `${prefix}${rawValue}`);
}

/** Adds `fieldsText` (`"a":1,"b":2`) as the first members of the object under `key`, or of the body when null. */
export function addFields(bodyText: string, fieldsText: string, key: string | null = null): string {
  const opener = key === null ? '{' : `"${key}":{`;
  const at = bodyText.indexOf(opener);
  if (at < 0) throw new Error(`the body has no object "${key}"`);
  const end = at + opener.length;
  const empty = bodyText[end] === '}';
  return `${bodyText.slice(0, end)}${fieldsText}${empty ? '' : ','}${bodyText.slice(end)}`;
}
