import type pg from 'pg';
import type { Queryable } from './connect';

/**
 * SQL written for both engines binds values with `?` (SQLite's); PostgreSQL numbers them. The shared
 * statements hold no `?` inside a string literal, so each one is a parameter.
 */
export function numbered(sql: string, from = 1): string {
  let n = from - 1;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A statement written for both engines (`?` parameters), run on PostgreSQL: its rows. */
export async function select<Row extends pg.QueryResultRow>(db: Queryable, sql: string, params: unknown[]): Promise<Row[]> {
  return (await db.query<Row>(numbered(sql), params)).rows;
}
