import { structuredPatch } from 'diff';
import type { BodyShape, DeliveryComparison, TextHunk } from '../../../shared/compare';
import { parseBody } from '../analysis/parse-body';
import { compareJson, repeatedKeys } from './compare-json';
import { parseOrderedJson, type OrderedJson } from './ordered-json';

export interface ComparedBody {
  bytes: Uint8Array;
  sha256: string;
  truncated: boolean;
}

/** A body as the comparison reads it: its shape, and its JSON value when it is JSON (a byte-order mark aside). */
export interface ReadBody {
  shape: BodyShape;
  json: OrderedJson | null;
  /** Its UTF-8 text, byte-order mark kept; null when it is not UTF-8. */
  text: string | null;
}

const bom = [0xef, 0xbb, 0xbf] as const;

function startsWithBom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === bom[0] && bytes[1] === bom[1] && bytes[2] === bom[2];
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Length of the well-formed UTF-8 sequence at `i` (Unicode table 3-7), or 0: the raw view's rule (renderer raw-bytes.ts). */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  const at = (offset: number) => bytes[i + offset] ?? -1;
  const isContinuation = (value: number) => value >= 0x80 && value <= 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) return isContinuation(at(1)) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const second = at(1);
    const secondOk = lead === 0xe0 ? second >= 0xa0 && second <= 0xbf : lead === 0xed ? second >= 0x80 && second <= 0x9f : isContinuation(second);
    return secondOk && isContinuation(at(2)) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const second = at(1);
    const secondOk = lead === 0xf0 ? second >= 0x90 && second <= 0xbf : lead === 0xf4 ? second >= 0x80 && second <= 0x8f : isContinuation(second);
    return secondOk && isContinuation(at(2)) && isContinuation(at(3)) ? 4 : 0;
  }
  return 0;
}

/** The first byte that is not part of well-formed UTF-8, as the raw view marks it (0 when none, which the caller rules out). */
function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return 0;
}

/** Reads one body: the analysis's parser decides whether it is JSON; the ordered reading keeps its order and repeats. */
export function readBody(body: ComparedBody): ReadBody {
  const { bytes } = body;
  const hasBom = startsWithBom(bytes);
  const base: BodyShape = {
    size: bytes.byteLength,
    sha256: body.sha256,
    truncated: body.truncated,
    kind: 'empty',
    jsonType: null,
    firstInvalidByte: null,
    bom: hasBom,
    reason: null,
    duplicateKeys: [],
  };
  if (bytes.byteLength === 0) return { shape: base, json: null, text: '' };
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { shape: { ...base, kind: 'invalid_utf8', firstInvalidByte: firstInvalidByte(bytes) }, json: null, text: null };
  }
  // Past a byte-order mark, the rest is read as the analysis reads a body.
  const parsed = parseBody(hasBom ? bytes.subarray(3) : bytes);
  switch (parsed.kind) {
    case 'empty':
      return { shape: { ...base, kind: 'invalid_json', reason: 'Only a byte-order mark.' }, json: null, text };
    case 'invalid_utf8':
      return { shape: { ...base, kind: 'invalid_utf8', firstInvalidByte: firstInvalidByte(bytes) }, json: null, text: null };
    case 'invalid_json':
      return { shape: { ...base, kind: 'invalid_json', reason: parsed.reason }, json: null, text };
    case 'too_deep':
      return { shape: { ...base, kind: 'too_deep', reason: 'Nested deeper than the analysis reads.' }, json: null, text };
    case 'not_object':
    case 'object': {
      const json = parseOrderedJson(parsed.text);
      return {
        shape: {
          ...base,
          kind: 'json',
          jsonType: json.type,
          reason: hasBom ? 'It starts with a UTF-8 byte-order mark, which JSON does not allow; the rest is JSON.' : null,
          duplicateKeys: repeatedKeys(json),
        },
        json,
        text,
      };
    }
  }
}

/** The line diff stops here, and is given up past this many edits or this long (it runs on the control server's thread). */
const listedTextLines = 2_000;
const textDiffLimits = { maxEditLength: 5_000, timeout: 500 };

function textDiff(left: string, right: string): NonNullable<DeliveryComparison['body']['text']> {
  const patch = structuredPatch('left', 'right', left, right, undefined, undefined, { context: 3, ...textDiffLimits });
  if (!patch) return { hunks: [], abandoned: true, omittedLines: 0 };
  const hunks: TextHunk[] = [];
  let listed = 0;
  let omittedLines = 0;
  for (const hunk of patch.hunks) {
    if (listed >= listedTextLines) {
      omittedLines += hunk.lines.length;
      continue;
    }
    const room = listedTextLines - listed;
    const lines = hunk.lines.slice(0, room);
    omittedLines += hunk.lines.length - lines.length;
    listed += lines.length;
    hunks.push({ oldStart: hunk.oldStart, oldLines: hunk.oldLines, newStart: hunk.newStart, newLines: hunk.newLines, lines });
  }
  return { hunks, abandoned: false, omittedLines };
}

/** Bytes shown on each side of the first difference. */
const windowBefore = 16;
const windowAfter = 16;

function hexWindow(bytes: Uint8Array, from: number, to: number) {
  const start = Math.min(from, bytes.length);
  const slice = bytes.subarray(start, Math.min(to, bytes.length));
  return { offset: start, hex: Array.from(slice, (byte) => byte.toString(16).padStart(2, '0')).join(' ') };
}

function firstDifference(left: Uint8Array, right: Uint8Array): number | null {
  const shared = Math.min(left.length, right.length);
  for (let i = 0; i < shared; i++) if (left[i] !== right[i]) return i;
  return left.length === right.length ? null : shared;
}

/** Two bodies compared: byte for byte, then as JSON when both are, else as lines of text when both are UTF-8. */
export function compareBodies(left: ReadBody, right: ReadBody, leftBytes: Uint8Array, rightBytes: Uint8Array): DeliveryComparison['body'] {
  const difference = firstDifference(leftBytes, rightBytes);
  if (difference === null) return { identical: true, json: null, text: null, bytes: null };
  const from = Math.max(0, difference - windowBefore);
  const to = difference + windowAfter;
  const bytes = { firstDifference: difference, left: hexWindow(leftBytes, from, to), right: hexWindow(rightBytes, from, to) };
  if (left.json !== null && right.json !== null) return { identical: false, json: compareJson(left.json, right.json), text: null, bytes };
  const text = left.text !== null && right.text !== null ? textDiff(left.text, right.text) : null;
  return { identical: false, json: null, text, bytes };
}
