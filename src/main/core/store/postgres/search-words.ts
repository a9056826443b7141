import type pg from 'pg';
import { forEachRun, longRunTrigramList, maxTermLength, searchLookup } from '../common/search-terms';
import type { Logger } from '../../logger';

/**
 * The free-text search's index on PostgreSQL: `delivery_search_words.search_words` (search-index.ts), a tsvector of
 * lexemes made here, never by a text search configuration, so that they are what the lookups
 * (common/search-terms.ts) assume: each word of the body (a run of ASCII letters and digits, lowered, at most
 * maxTermLength), and `_` before each trigram its long runs keep (no word holds `_`, so the two never meet). A GIN
 * index on it finds the bodies that hold every word or prefix looked up; their search text (search-text.ts) `LIKE`
 * the text's then keeps exactly those that contain it.
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

/** About a megabyte and a half of pending entries: fewer, larger moves write fewer of the index's pages. */
const movedEveryRows = 2_000;

/**
 * The index's pending entries moved into it in bulk every couple of thousand rows indexed (search-index.ts, filled by
 * the derivation), so that a search reads few of them one by one, and an insert rarely finds the list full and moves
 * them itself. The store's connections set the list's limit to 64 MB (connect.ts). Moving them needs the index's
 * owner (the role that migrated the store): a store opened by another role leaves it to the inserts.
 */
export function searchIndexUpkeep(pool: pg.Pool, log: Logger) {
  let owned = true;
  let sinceMoved = 0;
  return {
    /** After `rows` more were indexed: moves the pending entries in once a couple of thousand have gathered. */
    async afterIndexed(rows: number): Promise<void> {
      sinceMoved += rows;
      if (!owned || sinceMoved < movedEveryRows) return;
      sinceMoved = 0;
      try {
        await pool.query("SELECT gin_clean_pending_list('delivery_search_words_gin'::regclass)");
      } catch (error) {
        // Not the index's owner (42501): the inserts move the entries themselves. Anything else: the next batch tries again.
        if ((error as { code?: string }).code === '42501') {
          owned = false;
          log.info("store: the search index's pending entries are moved by the inserts (this role does not own the index)");
        }
      }
    },
  };
}
