import { isJsonObject, jsonTypeName, type JsonObject } from './json-access';
import { parseJsonExact, scanJsonText, type DuplicateKey } from './parse-json-exact';

/** Far beyond any spec body; deeper input is refused before the (recursive) parser can exhaust the stack. */
export const maxJsonDepth = 256;

export type { DuplicateKey };

/**
 * A body decoded as strict UTF-8 and parsed losslessly: numbers are lossless-json LosslessNumbers
 * holding their exact text (`25.00`, `1e2`, 30-digit integers), which the payload schemas accept.
 */
export type ParsedBody =
  | { kind: 'empty' }
  | { kind: 'invalid_utf8' }
  | { kind: 'invalid_json'; text: string; reason: string }
  | { kind: 'too_deep'; text: string }
  | { kind: 'not_object'; text: string; jsonType: string }
  | { kind: 'object'; text: string; value: JsonObject; duplicateKeys: DuplicateKey[] };

// One decoder for every body: without `stream`, each decode starts afresh. ignoreBOM keeps a byte-order mark in the
// text, so it is reported rather than silently dropped.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Deepest nesting of arrays and objects, ignoring brackets inside strings. */
export function nestingDepth(text: string): number {
  return scanJsonText(text).depth;
}

export function parseBody(bytes: Uint8Array): ParsedBody {
  if (bytes.byteLength === 0) return { kind: 'empty' };
  const text = decodeUtf8(bytes);
  if (text === null) return { kind: 'invalid_utf8' };
  const scan = scanJsonText(text);
  if (scan.depth > maxJsonDepth) return { kind: 'too_deep', text };
  if (text.startsWith('\uFEFF')) {
    return { kind: 'invalid_json', text, reason: 'The body starts with a UTF-8 byte-order mark, which JSON does not allow.' };
  }
  let value: unknown;
  let duplicateKeys: DuplicateKey[];
  try {
    ({ value, duplicateKeys } = parseJsonExact(text, scan));
  } catch (error) {
    return { kind: 'invalid_json', text, reason: error instanceof Error ? error.message : String(error) };
  }
  if (!isJsonObject(value)) return { kind: 'not_object', text, jsonType: jsonTypeName(value) };
  return { kind: 'object', text, value, duplicateKeys };
}
