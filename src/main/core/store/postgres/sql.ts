/**
 * SQL written for both engines binds values with `?` (SQLite's); PostgreSQL numbers them. The shared
 * statements hold no `?` inside a string literal, so each one is a parameter.
 */
export function numbered(sql: string, from = 1): string {
  let n = from - 1;
  return sql.replace(/\?/g, () => `$${++n}`);
}
