/**
 * The free-text search's meaning on PostgreSQL, as on SQLite (store/deliveries.ts `bodyContainsSql`): the
 * raw body contains the text's UTF-8 bytes, ASCII letters compared in either case. A body may hold any
 * bytes (invalid UTF-8, NUL) and a PostgreSQL text cannot, so a body is searched as its search text: one
 * character per byte (Latin-1), ASCII A-Z lowered, NUL as U+0100 (no byte gives it). The text is mapped the
 * same way, so a body contains the text exactly when its search text contains the text's:
 * `inspector_search_text(body) LIKE '%…%'`, run on the rows the index of the bodies' words narrows to
 * (search-words.ts). The two mappings below are the same one, on each side (test/integration/search-words.test.ts).
 */
export function searchTextOf(bytes: Uint8Array): string {
  const lowered = Buffer.from(bytes);
  for (let i = 0; i < lowered.length; i++) {
    const byte = lowered[i]!;
    if (byte >= 65 && byte <= 90) lowered[i] = byte + 32;
  }
  return lowered.toString('latin1').replaceAll('\0', '\u0100');
}

/**
 * `searchTextOf` in the database, for a stored body: Latin-1's conversion maps each byte to its code point, and
 * refuses NUL, which the rare body holding one spells out byte by byte. `translate` lowers A-Z alone, where
 * `lower` would follow the collation. Part of migration 14: never edited (a change is a new migration).
 */
export const searchTextFunctionSql = `
  CREATE FUNCTION inspector_search_text(body BYTEA) RETURNS TEXT
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
    SELECT translate(
      CASE WHEN position('\\x00'::bytea IN body) = 0 THEN convert_from(body, 'LATIN1')
      ELSE (SELECT string_agg(CASE WHEN byte = 0 THEN chr(256) ELSE chr(byte) END, '' ORDER BY at)
            FROM (SELECT at, get_byte(body, at) AS byte FROM generate_series(0, length(body) - 1) AS at) AS bytes)
      END,
      'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
  $fn$`;

/** The LIKE pattern (default escape \) matching the search texts of the bodies that contain `text`. */
export function searchPattern(text: string): string {
  return `%${searchTextOf(Buffer.from(text, 'utf8')).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
