import { isLosslessNumber } from 'lossless-json';

/** Safe reads from lossless-parsed JSON: own properties only, so keys like "constructor" never reach the prototype. */

export type JsonObject = Record<string, unknown>;

/** A JSON object; a LosslessNumber is an object in JS but a number in JSON. */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

export function has(object: JsonObject, key: string): boolean {
  return Object.hasOwn(object, key);
}

export function field(object: unknown, key: string): unknown {
  return isJsonObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

export function stringField(object: unknown, key: string): string | null {
  const value = field(object, key);
  return typeof value === 'string' ? value : null;
}

export function objectField(object: unknown, key: string): JsonObject | null {
  const value = field(object, key);
  return isJsonObject(value) ? value : null;
}

/** The value at a path of keys and array indices, or undefined when any step is absent. */
export function valueAt(root: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = root;
  for (const step of path) {
    if (Array.isArray(current) && typeof step === 'number') current = current[step];
    else if (isJsonObject(current) && typeof step === 'string') current = field(current, step);
    else return undefined;
  }
  return current;
}

const identifier = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `$.data.blockchain_transactions[0].txid`; keys that are not identifiers are bracket-quoted. */
export function jsonPath(path: ReadonlyArray<PropertyKey>): string {
  let out = '$';
  for (const step of path) {
    if (typeof step === 'number') out += `[${step}]`;
    else if (typeof step === 'string' && identifier.test(step)) out += `.${step}`;
    else out += `[${JSON.stringify(String(step))}]`;
  }
  return out;
}

export function jsonTypeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (isLosslessNumber(value)) return 'number';
  return typeof value;
}
