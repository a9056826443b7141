// The one rule for a request path appended under a base (the app's forward) or routed to a channel (the relay):
// whether any server along the way could read it as leaving that base. It imports nothing (the app's renderer shows
// the forward's example with it, through `@webhook-inspector/capture/request-path`).

/** A path that still changes after this many rounds of percent-decoding is refused rather than guessed. */
export const maxDecodingRounds = 4;

export type PathJudgement =
  /** `resolved`: the path as a server that decodes it fully sees it (`;` parameters dropped, `\` read as `/`, dot segments resolved). */
  | { accepted: true; resolved: string }
  | { accepted: false; reason: string };

/** How one server might read the path; a path is refused when any of these readings climbs above its base. */
interface Reading {
  /** Percent-decoding rounds applied (0: as sent). */
  rounds: number;
  /** Split on `/` before decoding (an encoded `%2f` stays inside its segment), or after. */
  splitFirst: boolean;
  /** `\` is a separator too (Tomcat's ALLOW_BACKSLASH, IIS). */
  backslash: boolean;
}

const escapeRun = /(?:%[0-9a-f]{2})+/gi;

/**
 * One round of percent-decoding as lenient servers do it: each run of `%XX` escapes becomes its bytes, read as UTF-8
 * with invalid sequences replaced (U+FFFD); a malformed escape (`%zz`, a lone `%`) stays as written. Null when the
 * bytes hold an overlong UTF-8 form (`%c0%ae` for "."): an old way past such checks, never sent by an honest client.
 * (A request line's bytes are ASCII: Node refuses others, so only escapes spell bytes.)
 */
function decodeOnce(text: string): string | null {
  if (!text.includes('%')) return text;
  let overlong = false;
  const decoded = text.replace(escapeRun, (run) => {
    const bytes: number[] = [];
    for (let i = 0; i < run.length; i += 3) bytes.push(parseInt(run.slice(i + 1, i + 3), 16));
    const chars = utf8(bytes);
    if (chars === null) overlong = true;
    return chars ?? '';
  });
  return overlong ? null : decoded;
}

/** UTF-8 bytes as text, invalid sequences as U+FFFD; null for an overlong form (a character in more bytes than it needs). */
function utf8(bytes: number[]): string | null {
  let text = '';
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      text += String.fromCharCode(lead);
      i++;
      continue;
    }
    const [more, least] = lead >= 0xf8 ? [0, 0] : lead >= 0xf0 ? [3, 0x10000] : lead >= 0xe0 ? [2, 0x800] : lead >= 0xc0 ? [1, 0x80] : [0, 0];
    if (more === 0) {
      text += '\ufffd';
      i++;
      continue;
    }
    let code = lead & (0x3f >> more);
    let read = 0;
    while (read < more && ((bytes[i + 1 + read] ?? 0) & 0xc0) === 0x80) code = (code << 6) | (bytes[i + 1 + read++]! & 0x3f);
    if (read < more) {
      text += '\ufffd';
      i += 1 + read;
      continue;
    }
    if (code < least) return null;
    text += code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) ? '\ufffd' : String.fromCodePoint(code);
    i += 1 + more;
  }
  return text;
}

/**
 * What a segment does to the depth: `..` climbs (-1), `.` and an empty segment stay (0), any other name descends (+1).
 * Read as the most permissive servers read it: its `;` parameters dropped first (`..;x` is `..` to Tomcat and Jetty),
 * and trailing dots and spaces trimmed as Windows does (`...`, `.. ` are `..` to IIS).
 */
function step(segment: string): -1 | 0 | 1 {
  const semicolon = segment.indexOf(';');
  const name = semicolon === -1 ? segment : segment.slice(0, semicolon);
  if (name === '') return 0;
  if (!/^\.[. ]*$/.test(name)) return 1;
  return name.replace(/ /g, '').length >= 2 ? -1 : 0;
}

function climbs(segments: string[]): boolean {
  let depth = 0;
  for (const segment of segments) {
    depth += step(segment);
    if (depth < 0) return true;
  }
  return false;
}

function segmentsOf(stages: string[], reading: Reading): string[] {
  const separator = reading.backslash ? /[/\\]/ : '/';
  if (!reading.splitFirst) return stages[reading.rounds]!.split(separator);
  return stages[0]!.split(separator).map((segment) => {
    for (let round = 0; round < reading.rounds; round++) segment = decodeOnce(segment) ?? segment;
    return segment;
  });
}

function resolve(decoded: string): string {
  const kept: string[] = [];
  for (const segment of decoded.split(/[/\\]/)) {
    const effect = step(segment);
    if (effect === -1) kept.pop();
    else if (effect === 1) kept.push(segment.split(';', 1)[0]!);
  }
  return `/${kept.join('/')}`;
}

const climbsAbove =
  'the path climbs above its base with ".." once percent-encoding (repeated or not), ";" parameters and backslashes are read as a server might';

/**
 * Judges a request path (as sent, without its query) that goes under a base: a target's base path, a relay channel.
 * The path is percent-decoded until it no longer changes (at most `maxDecodingRounds` rounds; a malformed escape is
 * kept as written), and it is refused when any reading of it climbs above its start: after any number of those
 * rounds, split before or after decoding (`%2f`), with or without `\` as a separator, its segments' `;` parameters
 * dropped (`..;`, `%2e%2e;`) and trailing dots and spaces trimmed. A NUL byte (`..%00`) and an overlong UTF-8 escape
 * (`%c0%ae`) are refused outright. An accepted path is meant to be used with its bytes as sent, never the decoding.
 */
export function judgeRequestPath(path: string): PathJudgement {
  const stages = [path];
  for (;;) {
    const next = decodeOnce(stages[stages.length - 1]!);
    if (next === null) {
      return { accepted: false, reason: 'the path spells a character with an overlong UTF-8 escape (such as %c0%ae for ".")' };
    }
    if (next === stages[stages.length - 1]) break;
    if (stages.length > maxDecodingRounds) {
      return { accepted: false, reason: 'the path is percent-encoded too many times over to tell where it goes' };
    }
    stages.push(next);
  }
  if (stages.some((stage) => stage.includes('\0'))) return { accepted: false, reason: 'the path holds a NUL byte (%00)' };
  for (let rounds = 0; rounds < stages.length; rounds++) {
    for (const splitFirst of [false, true]) {
      for (const backslash of [false, true]) {
        if (climbs(segmentsOf(stages, { rounds, splitFirst, backslash }))) return { accepted: false, reason: climbsAbove };
      }
    }
  }
  return { accepted: true, resolved: resolve(stages[stages.length - 1]!) };
}

/** The path percent-decoded until it no longer changes (as `judgeRequestPath` reads it), or as sent when it never settles. */
export function decodedRequestPath(path: string): string {
  let text = path;
  for (let round = 0; round <= maxDecodingRounds; round++) {
    const next = decodeOnce(text);
    if (next === null || next === text) return text;
    text = next;
  }
  return text;
}
