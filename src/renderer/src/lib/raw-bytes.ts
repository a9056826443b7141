export function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export type EscapeReason = 'control' | 'invalid' | 'invisible';

/** A run of printable text, or of bytes shown as escapes so that nothing in the body is hidden. */
export type RawSegment = { kind: 'text'; text: string } | { kind: 'escape'; text: string; reason: EscapeReason };

export const escapeExplanations: Record<EscapeReason, string> = {
  control: 'Control byte, shown as its hex value',
  invalid: 'Not valid UTF-8, shown as its hex value',
  invisible: 'Valid UTF-8 but invisible or direction-changing, shown as its code point',
};

/** Code points that are valid but would hide or reorder what is shown. */
export function isInvisible(codePoint: number): boolean {
  return (
    (codePoint >= 0x80 && codePoint <= 0xa0) ||
    codePoint === 0xad ||
    (codePoint >= 0x200b && codePoint <= 0x200f) ||
    (codePoint >= 0x2028 && codePoint <= 0x202e) ||
    (codePoint >= 0x2060 && codePoint <= 0x2069) ||
    codePoint === 0xfeff ||
    (codePoint >= 0xfff9 && codePoint <= 0xfffb)
  );
}

function hexByte(byte: number): string {
  return `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

/** Length of the well-formed UTF-8 sequence starting at `i` (Unicode table 3-7), or 0 when it is not one. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  const at = (offset: number) => bytes[i + offset] ?? -1;
  const isContinuation = (value: number) => value >= 0x80 && value <= 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) return isContinuation(at(1)) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const second = at(1);
    const secondOk =
      lead === 0xe0 ? second >= 0xa0 && second <= 0xbf : lead === 0xed ? second >= 0x80 && second <= 0x9f : isContinuation(second);
    return secondOk && isContinuation(at(2)) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const second = at(1);
    const secondOk =
      lead === 0xf0 ? second >= 0x90 && second <= 0xbf : lead === 0xf4 ? second >= 0x80 && second <= 0x8f : isContinuation(second);
    return secondOk && isContinuation(at(2)) && isContinuation(at(3)) ? 4 : 0;
  }
  return 0;
}

/** Where the bytes stop being UTF-8 (the first byte the raw view shows as an invalid `\xNN`), or null when they all are. */
export function firstInvalidUtf8Byte(bytes: Uint8Array): number | null {
  let i = 0;
  while (i < bytes.length) {
    if (bytes[i]! < 0x80) {
      i += 1;
      continue;
    }
    const length = sequenceLength(bytes, i);
    if (length === 0) return i;
    i += length;
  }
  return null;
}

function decodeSequence(bytes: Uint8Array, i: number, length: number): number {
  const lead = bytes[i]!;
  let codePoint = length === 2 ? lead & 0x1f : length === 3 ? lead & 0x0f : lead & 0x07;
  for (let k = 1; k < length; k++) codePoint = (codePoint << 6) | (bytes[i + k]! & 0x3f);
  return codePoint;
}

/**
 * The body as UTF-8 text with nothing hidden: line feeds and tabs stay as they are,
 * a carriage return shows as `\r`, other control bytes and bytes that are not valid
 * UTF-8 as `\xNN`, invisible code points as `\u{…}`.
 */
export function segmentRawBytes(bytes: Uint8Array): RawSegment[] {
  const segments: RawSegment[] = [];
  let text = '';
  let escaped = '';
  let escapedReason: EscapeReason = 'control';

  const flushText = () => {
    if (text) segments.push({ kind: 'text', text });
    text = '';
  };
  const flushEscaped = () => {
    if (escaped) segments.push({ kind: 'escape', text: escaped, reason: escapedReason });
    escaped = '';
  };
  const pushEscape = (value: string, reason: EscapeReason) => {
    flushText();
    if (escaped && reason !== escapedReason) flushEscaped();
    escapedReason = reason;
    escaped += value;
  };
  const pushText = (value: string) => {
    flushEscaped();
    text += value;
  };

  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      if (byte === 0x0a || byte === 0x09 || (byte >= 0x20 && byte < 0x7f)) pushText(String.fromCharCode(byte));
      else pushEscape(byte === 0x0d ? '\\r' : hexByte(byte), 'control');
      i += 1;
      continue;
    }
    const length = sequenceLength(bytes, i);
    if (length === 0) {
      pushEscape(hexByte(byte), 'invalid');
      i += 1;
      continue;
    }
    const codePoint = decodeSequence(bytes, i, length);
    if (isInvisible(codePoint)) pushEscape(`\\u{${codePoint.toString(16).toUpperCase().padStart(4, '0')}}`, 'invisible');
    else pushText(String.fromCodePoint(codePoint));
    i += length;
  }
  flushText();
  flushEscaped();
  return segments;
}

const utf8 = new TextEncoder();

/**
 * Text a peer sent (a header, an answer's body kept as text, an error it caused) by the same rule as a body's bytes
 * (segmentRawBytes): control characters, invisible and direction-changing code points shown as escapes. The one rule of
 * every view that shows a peer's bytes: the delivery's, a replay's answer, the Check view's exchanges.
 */
export function segmentPeerText(text: string): RawSegment[] {
  return segmentRawBytes(utf8.encode(text));
}
