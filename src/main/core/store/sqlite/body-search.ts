import { bodyContainsParams, bodyContainsSql } from '../common/delivery-columns';
import { longRunPhases, longRunTrigramList, minLongRun, searchTerms } from '../common/search-terms';
import type { Db } from './db';

/**
 * Free-text search over bodies, with the meaning it always had (`bodyContainsSql`: the body contains
 * the text, ASCII letters in either case), made fast by an index that only narrows the rows that test
 * is run on.
 *
 * The index, `delivery_search` (migration 0007), is a contentless FTS5 table (`detail=none`: which
 * deliveries hold a word, not where) over each body as text, tokenized by unicode61 without
 * `tokenchars`: a word is a run of letters and digits, so `emeka.rossi36@example.com` is the words
 * emeka, rossi36, example, com and a UUID is its five groups. It is filled after each delivery's commit,
 * in batches (`indexBatch`, run by the derived tables' step), up to `search_indexed_through` in
 * store_counts; rows above that are scanned.
 *
 * An index of whole words cannot say where a fragment occurs inside a word, and the text may start or end
 * inside one (`xample.com`). So only what the text proves is used (`searchMatch`): a run of ASCII letters
 * and digits with an ASCII non-alphanumeric character before it, inside the text, starts a word of every
 * matching body (a prefix query); with one after it as well, it is a whole word. The first run, unless the
 * text starts with such a character, may be the end of a longer word, and is not used. Non-ASCII
 * characters count as neither (whether unicode61 takes one as a letter, and how invalid UTF-8 next to it
 * decodes, is SQLite's business), so a run next to one is treated as if it were at an edge of the text.
 * A body that contains the text therefore contains every word and prefix used: the index returns a
 * superset of the matches, and the same test as before keeps exactly the matches. A text with nothing
 * usable (`failed`, `xam`) is searched by the scan, newest first, stopping at a page of matches.
 *
 * A second index, `delivery_long_runs` (migration 0010), answers what the first cannot: a fragment inside a
 * word, when it is long. It holds each body's runs of at least `minLongRun` ASCII letters and digits (tx
 * hashes, long identifiers: 40 % of bodies have one, 33 characters on average) as trigrams, one position in
 * three (`longRunTrigrams`), filled by the same step up to the same watermark. A text with such a run is
 * looked up there (`longRunMatch`): the body's bytes hold that run inside one of their own runs.
 */

export { minLongRun, searchTerms };

/** The FTS5 query for `text` (every term must be present), or null when the text gives the index nothing. */
export function searchMatch(text: string): string | null {
  const terms = searchTerms(text);
  // Words hold only ASCII letters and digits: quoting is enough, nothing to escape.
  return terms.length === 0 ? null : terms.map((t) => (t.whole ? `"${t.word}"` : `"${t.word}"*`)).join(' ');
}

/**
 * What the second index holds of a body: its long runs' trigrams (`longRunTrigramList`), space-separated, each an
 * FTS5 token; null when there is no such run.
 */
export function longRunTrigrams(body: Uint8Array): string | null {
  const trigrams = longRunTrigramList(body);
  return trigrams.length === 0 ? null : trigrams.join(' ');
}

/** The second index's query for `text` (`longRunPhases`: any alignment whose trigrams are all there), else null. */
export function longRunMatch(text: string): string | null {
  const phases = longRunPhases(text);
  // Trigrams hold only ASCII letters and digits: quoting is enough.
  return phases === null ? null : phases.map((trigrams) => `(${trigrams.map((t) => `"${t}"`).join(' ')})`).join(' OR ');
}

/** Bytes of body per indexing transaction, at most (one row whatever its size): large bodies make short batches. */
const batchBytes = 4 * 2 ** 20;

/** Maintaining the index: what `derived-tables.ts` calls after commits. */
export function bodySearchIndex(db: Db) {
  const watermark = db.prepare("SELECT value FROM store_counts WHERE name = 'search_indexed_through'").pluck();
  const setWatermark = db.prepare("UPDATE store_counts SET value = ? WHERE name = 'search_indexed_through'");
  const latestId = db.prepare('SELECT coalesce(max(id), 0) FROM deliveries').pluck();
  const nextRows = db.prepare('SELECT id, length(body) AS size FROM deliveries WHERE id > ? ORDER BY id LIMIT ?');
  // The body's bytes as text, as the search's test reads them; invalid UTF-8 is tokenized as it comes.
  const index = db.prepare(
    'INSERT INTO delivery_search (rowid, body_text) SELECT id, CAST(body AS TEXT) FROM deliveries WHERE id > ? AND id <= ?',
  );
  db.function('long_run_trigrams', { deterministic: true }, (body: unknown) =>
    body instanceof Uint8Array ? longRunTrigrams(body) : null,
  );
  const indexLongRuns = db.prepare(
    `INSERT INTO delivery_long_runs (rowid, trigrams)
     SELECT id, trigrams FROM (SELECT id, long_run_trigrams(body) AS trigrams FROM deliveries WHERE id > ? AND id <= ?)
     WHERE trigrams IS NOT NULL`,
  );

  // A contentless index forgets a row only when told the terms it was given for it.
  const unindexWords = db.prepare(
    `INSERT INTO delivery_search (delivery_search, rowid, body_text)
     SELECT 'delete', id, CAST(body AS TEXT) FROM deliveries WHERE id IN (SELECT value FROM json_each(?)) AND id <= ?`,
  );
  const unindexLongRuns = db.prepare(
    `INSERT INTO delivery_long_runs (delivery_long_runs, rowid, trigrams)
     SELECT 'delete', id, trigrams FROM (SELECT id, long_run_trigrams(body) AS trigrams FROM deliveries
       WHERE id IN (SELECT value FROM json_each(?)) AND id <= ?)
     WHERE trigrams IS NOT NULL`,
  );

  const indexInTransaction = db.transaction((limit: number): number => {
    const from = watermark.get() as number;
    const rows = nextRows.all(from, limit) as Array<{ id: number; size: number }>;
    if (rows.length === 0) return 0;
    let count = 0;
    let bytes = 0;
    while (count < rows.length && (count === 0 || bytes + rows[count]!.size <= batchBytes)) bytes += rows[count++]!.size;
    const through = rows[count - 1]!.id;
    index.run(from, through);
    indexLongRuns.run(from, through);
    setWatermark.run(through);
    return count;
  });

  return {
    /**
     * Indexes up to `limit` rows past the watermark in one transaction; returns how many (0: none pending). Begun as a
     * write (it reads first): it waits for another program's lock rather than fail when that program committed meanwhile.
     */
    indexBatch: (limit: number): number => indexInTransaction.immediate(limit),
    /** Stored deliveries not yet indexed (0: every one is). */
    behind: () => Math.max(0, (latestId.get() as number) - (watermark.get() as number)),
    /** Takes deliveries about to be deleted out of both indexes (those it holds); inside the deleting transaction. */
    unindex(ids: readonly number[]): void {
      const through = watermark.get() as number;
      unindexWords.run(JSON.stringify(ids), through);
      unindexLongRuns.run(JSON.stringify(ids), through);
    },
  };
}

export type BodySearchIndex = ReturnType<typeof bodySearchIndex>;

/** The index that narrows a search for `text`, and its query: the long runs' when the text has one, else the words'. */
export function indexQuery(text: string): { table: 'delivery_long_runs' | 'delivery_search'; match: string | null } {
  const longRun = longRunMatch(text);
  return longRun !== null ? { table: 'delivery_long_runs', match: longRun } : { table: 'delivery_search', match: searchMatch(text) };
}

/** How many rows (or index candidates) a count reads, at most: short of the last, the count is a lower bound. */
export const countBudgetRows = 20_000;

export interface TextSearch {
  text: string;
  /** The other filters: a WHERE over deliveries' columns, and its parameters. */
  where: string;
  params: unknown[];
  /** The select list, over deliveries' columns. */
  columns: string;
  beforeId?: number;
  afterId?: number;
  limit: number;
  /** Counting stops past this many matches. */
  countCap: number;
}

export interface TextSearchResult<Row> {
  /** Newest first, as `SELECT … WHERE <filters> AND <text test> ORDER BY id DESC LIMIT limit` returns them. */
  rows: Row[];
  /** Matches counted (with the rows of a first page); more than countCap means "more than countCap". */
  matched: number;
  /** Whether `matched` is all of them; otherwise it is a lower bound. */
  complete: boolean;
}

/**
 * A page of the deliveries matching the filters and the text, and a count of the matches. Rows the index
 * holds are found through it (or, when the text gives it nothing, by the scan); rows above its watermark
 * are scanned; every candidate passes the same test. Call inside one read transaction.
 */
export function searchDeliveries<Row>(db: Db, search: TextSearch): TextSearchResult<Row> {
  const { text, where, params, columns, beforeId, afterId, limit, countCap } = search;
  const { table, match } = indexQuery(text);
  const contains = bodyContainsParams(text);
  // Without a query for the index, every row is scanned, indexed or not.
  const indexedThrough =
    match === null
      ? 0
      : (db.prepare("SELECT value FROM store_counts WHERE name = 'search_indexed_through'").pluck().get() as number);

  const range = (column: string) => {
    const sql: string[] = [];
    const values: number[] = [];
    if (beforeId !== undefined) {
      sql.push(`${column} < ?`);
      values.push(beforeId);
    }
    if (afterId !== undefined) {
      sql.push(`${column} > ?`);
      values.push(afterId);
    }
    return { sql: sql.map((s) => ` AND ${s}`).join(''), values };
  };

  const scanned = range('id');
  // The rows above the index's watermark are walked by the primary key (NOT INDEXED: a filter's index is in
  // receive-time order, which would sort all its matches first); so is the count of the newest.
  const rows = db
    .prepare(
      `SELECT ${columns} FROM deliveries NOT INDEXED WHERE ${where} AND id > ?${scanned.sql} AND ${bodyContainsSql}
       ORDER BY id DESC LIMIT ?`,
    )
    .all(...params, indexedThrough, ...scanned.values, ...contains, limit) as Row[];
  // The index's candidates, newest first; FTS5 walks its rowids in order, so LIMIT stops it early.
  const fromIndex = `FROM ${table} CROSS JOIN deliveries ON deliveries.id = ${table}.rowid
    WHERE ${table} MATCH ? AND ${table}.rowid <= ?`;
  if (match !== null && rows.length < limit) {
    const indexed = range(`${table}.rowid`);
    rows.push(
      ...(db
        .prepare(
          `SELECT ${columns} ${fromIndex}${indexed.sql} AND ${where} AND ${bodyContainsSql}
           ORDER BY ${table}.rowid DESC LIMIT ?`,
        )
        .all(match, indexedThrough, ...indexed.values, ...params, ...contains, limit - rows.length) as Row[]),
    );
  }

  // A first page that is not full holds every match.
  const firstPage = beforeId === undefined && afterId === undefined;
  if (firstPage && rows.length < limit) return { rows, matched: rows.length, complete: true };

  // Otherwise count, newest first, looking at no more than countBudgetRows rows, and stopping past the cap.
  const tally = (sql: string, values: unknown[], cap: number) => {
    let seen = 0;
    let matched = 0;
    const hits = db.prepare(`SELECT ${bodyContainsSql} FROM (${sql})`).pluck().iterate(...contains, ...values) as Iterable<number>;
    for (const hit of hits) {
      seen++;
      matched += hit;
      if (matched > cap) break;
    }
    return { seen, matched };
  };
  const recent = tally(
    `SELECT body, form FROM deliveries NOT INDEXED WHERE ${where} AND id > ? ORDER BY id DESC LIMIT ?`,
    [...params, indexedThrough, countBudgetRows],
    countCap,
  );
  let matched = recent.matched;
  let complete = recent.seen < countBudgetRows;
  const budget = countBudgetRows - recent.seen;
  if (match !== null && budget > 0 && matched <= countCap) {
    const older = tally(
      `SELECT deliveries.body AS body, deliveries.form AS form ${fromIndex} AND ${where} ORDER BY ${table}.rowid DESC LIMIT ?`,
      [match, indexedThrough, ...params, budget],
      countCap - matched,
    );
    matched += older.matched;
    complete = older.seen < budget;
  }
  // The rows of a first page are the newest matches: there are at least that many.
  return { rows, matched: firstPage ? Math.max(matched, rows.length) : matched, complete };
}
