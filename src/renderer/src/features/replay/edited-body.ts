/**
 * "Edit, then replay": a stored body is edited as text in a textarea and never re-serialised, so that what was not
 * edited keeps its exact bytes (numbers as written, key order, spacing). Two things a textarea does are undone here:
 * it holds every line break as LF (a CRLF body would lose its CRs), and decoding would drop a byte-order mark.
 */

const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const encoder = new TextEncoder();

/** The body as text to edit, or null when it is not UTF-8 (its bytes are then sent as stored). Keeps a BOM. */
export function editableText(bytes: Uint8Array): string | null {
  try {
    return decoder.decode(bytes);
  } catch {
    return null;
  }
}

/** The text as a textarea holds it: every CRLF and lone CR read as LF. */
export function textareaText(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

interface Line {
  content: string;
  /** `\r\n`, `\r` or `\n`; empty for the last line. */
  end: string;
}

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  const pattern = /\r\n|\r|\n/g;
  let from = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    lines.push({ content: text.slice(from, match.index), end: match[0] });
    from = match.index + match[0].length;
  }
  lines.push({ content: text.slice(from), end: '' });
  return lines;
}

/** The line break the original uses most (LF when it has none). */
function usualEnd(lines: readonly Line[]): string {
  const counts = new Map<string, number>();
  for (const { end } of lines) if (end !== '') counts.set(end, (counts.get(end) ?? 0) + 1);
  let best = '\n';
  let most = 0;
  for (const [end, count] of counts) if (count > most) [best, most] = [end, count];
  return best;
}

/**
 * The bytes to send for `edited` (a textarea's text) made from `original` (the stored body as text): the lines before
 * and after the edited ones keep their own line breaks, the edited ones take the original's usual one.
 */
export function editedText(original: string, edited: string): string {
  if (!/\r/.test(original)) return edited;
  if (edited === textareaText(original)) return original;
  const before = linesOf(original);
  const after = edited.split('\n');
  const limit = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < limit && before[prefix]!.content === after[prefix]) prefix += 1;
  let suffix = 0;
  while (suffix < limit - prefix && before[before.length - 1 - suffix]!.content === after[after.length - 1 - suffix]) suffix += 1;
  const usual = usualEnd(before);
  const last = after.length - 1;
  const out: string[] = [];
  after.forEach((content, i) => {
    const kept = i < prefix ? before[i] : i > last - suffix ? before[before.length - 1 - (last - i)] : undefined;
    const end = i === last ? '' : kept?.end || usual;
    out.push(content, end);
  });
  return out.join('');
}

/** The exact bytes of the edited text (see editedText). */
export function editedBytes(original: string, edited: string): Uint8Array {
  return encoder.encode(editedText(original, edited));
}

/** Base64 of bytes, for the call. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
