/**
 * The free-text search's meaning on PostgreSQL, as on SQLite (store/deliveries.ts `bodyContainsSql`): the
 * raw body contains the text's UTF-8 bytes, ASCII letters compared in either case. A body may hold any
 * bytes (invalid UTF-8, NUL) and a PostgreSQL text cannot, so the body is kept beside its bytes as
 * `search_text`: one character per byte (Latin-1), ASCII A-Z lowered, NUL as U+0100 (no byte gives it).
 * The text is mapped the same way, so a body contains the text exactly when its search_text contains the
 * text's: `search_text LIKE '%…%'`, run on the rows the index of the bodies' words narrows to (search-words.ts).
 */
export function searchTextOf(bytes: Uint8Array): string {
  const lowered = Buffer.from(bytes);
  for (let i = 0; i < lowered.length; i++) {
    const byte = lowered[i]!;
    if (byte >= 65 && byte <= 90) lowered[i] = byte + 32;
  }
  return lowered.toString('latin1').replaceAll('\0', '\u0100');
}

/** The LIKE pattern (default escape \) matching the search texts of the bodies that contain `text`. */
export function searchPattern(text: string): string {
  return `%${searchTextOf(Buffer.from(text, 'utf8')).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
