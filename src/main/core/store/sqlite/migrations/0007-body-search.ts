import { sqlMigration } from './migration';

/**
 * The free-text search's index of body words (see store/body-search.ts): a contentless FTS5 table, rowid =
 * delivery id, filled after the commit up to `search_indexed_through`. Existing stores start at 0 and are
 * indexed in the background; until then their rows are scanned, as before.
 */
export const bodySearch = sqlMigration('0007-body-search', `
    CREATE VIRTUAL TABLE delivery_search USING fts5(
      body_text, content = '', detail = none, columnsize = 0, tokenize = 'unicode61'
    );
    INSERT INTO store_counts (name, value) VALUES ('search_indexed_through', 0);
  `);
