/*
 * What a free-text search's index may be asked, on either engine: the words and prefixes a searched text proves
 * every body containing it holds, or the trigrams of its long run. Both engines index a body's words (runs of ASCII
 * letters and digits) and its long runs' trigrams (SQLite: two FTS5 tables, sqlite/body-search.ts; PostgreSQL: one
 * tsvector, postgres/search-words.ts) and look these terms up there; every candidate then passes the same test of
 * the body's bytes, so the index only narrows. A text that proves nothing (a single short run: `failed`, `xam`) is
 * searched body by body. The rules are told in full in sqlite/body-search.ts.
 */

/** A word longer than this is indexed, and looked up, as a prefix of this length. */
export const maxTermLength = 256;
/** Shorter prefixes match so many words that merging them costs more than they narrow. */
const minPrefixLength = 3;
/**
 * Beside whole words, a prefix is looked up only if at least this long: an index merges the lists of every word
 * it starts (`com*`: 5 ms per 100,000 deliveries on SQLite), and whole words narrow enough already.
 */
const minPrefixBesideWords = 6;
/** The longest terms of a long text narrow enough; more only cost lookups. */
const maxTerms = 8;

export const isWordChar = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
/** ASCII, and not a letter or digit: a word ends there, in the text as in every body holding it. */
const isSeparator = (code: number) => code < 128 && !isWordChar(code);

export interface Term {
  word: string;
  /** Whole word (ended by a separator inside the text) or only the start of one. */
  whole: boolean;
}

/** Calls `visit` with each maximal run of ASCII letters and digits, as [start, end) over `length` code units. */
export function forEachRun(length: number, codeAt: (i: number) => number, visit: (start: number, end: number) => void): void {
  for (let start = 0; start < length; ) {
    if (!isWordChar(codeAt(start))) {
      start++;
      continue;
    }
    let end = start;
    while (end < length && isWordChar(codeAt(end))) end++;
    visit(start, end);
    start = end;
  }
}

/** The words and prefixes every body containing `text` holds, by the rules of sqlite/body-search.ts. */
export function searchTerms(text: string): Term[] {
  const terms = new Map<string, Term>();
  forEachRun(text.length, (i) => text.charCodeAt(i), (start, end) => {
    if (start === 0 || !isSeparator(text.charCodeAt(start - 1))) return;
    const long = end - start > maxTermLength;
    const word = text.slice(start, long ? start + maxTermLength : end).toLowerCase();
    const whole = !long && end < text.length && isSeparator(text.charCodeAt(end));
    if (whole || word.length >= minPrefixLength) terms.set(`${word}${whole ? '' : '*'}`, { word, whole });
  });
  const found = [...terms.values()];
  const useful = found.some((t) => t.whole) ? found.filter((t) => t.whole || t.word.length >= minPrefixBesideWords) : found;
  const weight = (t: Term) => t.word.length + (t.whole ? 1 : 0);
  return useful.sort((a, b) => weight(b) - weight(a)).slice(0, maxTerms);
}

/** Runs of ASCII letters and digits this long or longer (hashes, long identifiers) are indexed as trigrams too. */
export const minLongRun = 16;
/** A run's trigrams are indexed at every `trigramStep`-th position only (a third of them). */
const trigramStep = 3;
/** Trigrams looked up per alignment of a text's run: half a dozen narrow to its few bodies. */
const trigramsPerPhase = 6;

/** Letters and digits, lowered, in the order of their codes below (a trigram is a number under 36³). */
const alnum = '0123456789abcdefghijklmnopqrstuvwxyz';
const alnumCode = (byte: number) => (byte <= 57 ? byte - 48 : (byte | 0x20) - 87);
/** Trigrams already taken from the body in hand (reset after each), so each is listed once. */
const seenTrigrams = new Uint8Array(36 ** 3);

/**
 * What an index keeps of a body's long runs: for each run of at least minLongRun ASCII letters and digits, lowered,
 * its trigrams at positions 0, 3, 6 …, each once (the index only says which bodies hold it, and a megabyte of one
 * letter stays one trigram).
 */
export function longRunTrigramList(body: Uint8Array): string[] {
  const found: number[] = [];
  // One pass over the bytes, inline (it runs on every body indexed): runs as `forEachRun` finds them.
  const length = body.length;
  for (let start = 0; start < length; ) {
    if (!isWordChar(body[start]!)) {
      start++;
      continue;
    }
    let end = start + 1;
    while (end < length && isWordChar(body[end]!)) end++;
    if (end - start >= minLongRun) {
      for (let at = start; at + 3 <= end; at += trigramStep) {
        const trigram = alnumCode(body[at]!) * 1296 + alnumCode(body[at + 1]!) * 36 + alnumCode(body[at + 2]!);
        if (seenTrigrams[trigram] === 0) {
          seenTrigrams[trigram] = 1;
          found.push(trigram);
        }
      }
    }
    start = end;
  }
  return found.map((trigram) => {
    seenTrigrams[trigram] = 0;
    return alnum[Math.floor(trigram / 1296)]! + alnum[Math.floor(trigram / 36) % 36]! + alnum[trigram % 36]!;
  });
}

/**
 * The trigrams to look up for `text`, from its longest run of ASCII letters and digits when that is at least
 * minLongRun long, else null. Wherever the run sits in the text, a body containing the text holds it inside a run
 * of its own, at some offset: the trigrams the index kept of that run are, in the text's run, those at one of
 * `trigramStep` alignments. So: any alignment (one list each, OR) whose trigrams are all there (AND).
 */
export function longRunPhases(text: string): string[][] | null {
  let longest = '';
  forEachRun(text.length, (i) => text.charCodeAt(i), (start, end) => {
    if (end - start > longest.length) longest = text.slice(start, end);
  });
  if (longest.length < minLongRun) return null;
  const run = longest.toLowerCase();
  return Array.from({ length: trigramStep }, (_, phase) => {
    const starts: number[] = [];
    for (let at = phase; at + 3 <= run.length; at += trigramStep) starts.push(at);
    return [...new Set(spread(starts, trigramsPerPhase).map((at) => run.slice(at, at + 3)))];
  });
}

/** At most `count` of `items`: the first, the last and evenly between. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

/** What narrows a search for `text`: its long run's trigrams when it has one, else its words; null: nothing. */
export type SearchLookup = { kind: 'long run'; phases: string[][] } | { kind: 'words'; terms: Term[] } | null;

export function searchLookup(text: string): SearchLookup {
  const phases = longRunPhases(text);
  if (phases !== null) return { kind: 'long run', phases };
  const terms = searchTerms(text);
  return terms.length === 0 ? null : { kind: 'words', terms };
}

/** A text no index narrows is searched body by body. */
export function textSearchMode(text: string): 'index' | 'scan' {
  return searchLookup(text) === null ? 'scan' : 'index';
}
