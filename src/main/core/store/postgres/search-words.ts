import { forEachRun, longRunTrigramList, maxTermLength, searchLookup } from '../common/search-terms';

/**
 * The free-text search's index on PostgreSQL: `deliveries.search_words`, a tsvector of lexemes made here, never by a
 * text search configuration, so that they are what the lookups (common/search-terms.ts) assume: each word of the
 * body (a run of ASCII letters and digits, lowered, at most maxTermLength), and `_` before each trigram its long
 * runs keep (no word holds `_`, so the two never meet). A GIN index on it finds the bodies that hold every word or
 * prefix looked up; `search_text LIKE` then keeps exactly those that contain the text.
 */

/** Marks a long run's trigram among the words. */
const trigramMark = '_';
/** A tsvector holds at most 1 MiB: a body with more distinct lexemes than this (bytes, 4 a lexeme besides its own) is left unindexed. */
const lexemeBudgetBytes = 512 * 1024;

/** The body's lexemes for `search_words` (each once); null when they would not fit the budget (the row is then always tested). */
export function searchLexemesOf(body: Uint8Array): string[] | null {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const lexemes = new Set<string>();
  forEachRun(bytes.length, (i) => bytes[i]!, (start, end) => {
    lexemes.add(bytes.toString('latin1', start, Math.min(end, start + maxTermLength)).toLowerCase());
  });
  for (const trigram of longRunTrigramList(bytes)) lexemes.add(trigramMark + trigram);
  let size = 0;
  for (const lexeme of lexemes) size += lexeme.length + 4;
  return size > lexemeBudgetBytes ? null : [...lexemes];
}

/** Quoted for a tsquery: lexemes hold only ASCII letters, digits and the mark, so quoting is enough. */
const quoted = (lexeme: string) => `'${lexeme}'`;

/** The tsquery that narrows a search for `text` (every word or prefix; or any alignment of its long run's trigrams), or null. */
export function searchQueryOf(text: string): string | null {
  const lookup = searchLookup(text);
  if (lookup === null) return null;
  if (lookup.kind === 'long run') {
    return lookup.phases.map((trigrams) => `(${trigrams.map((t) => quoted(trigramMark + t)).join(' & ')})`).join(' | ');
  }
  return lookup.terms.map((t) => (t.whole ? quoted(t.word) : `${quoted(t.word)}:*`)).join(' & ');
}
