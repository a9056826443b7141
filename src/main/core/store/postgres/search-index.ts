import type pg from 'pg';
import { searchPattern } from './search-text';
import { searchLexemesOf, searchQueryOf } from './search-words';

/**
 * The free-text search's index on PostgreSQL, off the commit (migration 14): `delivery_search_words` holds each
 * body's words up to the watermark `search_indexed_through`, filled by the derivation in pauses between
 * deliveries, and between commits only once far behind (derived.ts), as the SQLite store fills its FTS5 tables.
 * A search finds the indexed rows through the words' index and tests the rows stored since body by body, so it
 * answers the same whatever the index has caught up.
 */

/** The watermark's row in store_counts. */
const watermarkSql = "SELECT value FROM store_counts WHERE name = 'search_indexed_through'";

/**
 * The condition (`?` parameters, on `deliveries`) that a row's body contains `text`: its search text contains the
 * text's, among the rows whose indexed words hold the text's words (a row without them indexed is always tested)
 * or that were stored after the index's watermark.
 */
export function bodyContainsCondition(text: string): { sql: string; params: unknown[] } {
  const contains = 'inspector_search_text(body) LIKE ?';
  const words = searchQueryOf(text);
  if (words === null) return { sql: contains, params: [searchPattern(text)] };
  return {
    sql: `${contains} AND (id > (${watermarkSql}) OR id IN (
      SELECT id FROM delivery_search_words WHERE search_words @@ ?::tsquery OR search_words IS NULL))`,
    params: [searchPattern(text), words],
  };
}

/** How far the index goes: the last id indexed. */
export async function searchIndexedThrough(db: pg.Pool | pg.PoolClient): Promise<number> {
  return (await db.query<{ value: number }>(watermarkSql)).rows[0]!.value;
}

/**
 * Indexes up to `limit` rows after the watermark, in the transaction under way (holding the derivation's lock, so
 * that two inspectors on one database never index a row twice), and moves the watermark past them: how many, and
 * the watermark after.
 */
export async function indexSearchBatch(client: pg.PoolClient, limit: number): Promise<{ rows: number; through: number }> {
  const through = await searchIndexedThrough(client);
  const { rows } = await client.query<{ id: number; body: Buffer }>(
    'SELECT id, body FROM deliveries WHERE id > $1 ORDER BY id LIMIT $2',
    [through, limit],
  );
  if (rows.length === 0) return { rows: 0, through };
  const values = rows.flatMap((row) => [row.id, searchLexemesOf(row.body)]);
  const tuples = rows.map((_, i) => `($${2 * i + 1}::bigint, array_to_tsvector($${2 * i + 2}::text[]))`);
  await client.query(`INSERT INTO delivery_search_words (id, search_words) VALUES ${tuples.join(', ')}`, values);
  const last = rows[rows.length - 1]!.id;
  await client.query("UPDATE store_counts SET value = $1 WHERE name = 'search_indexed_through'", [last]);
  return { rows: rows.length, through: last };
}
