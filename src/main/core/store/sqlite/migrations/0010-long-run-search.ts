import { sqlMigration } from './migration';

/**
 * A second search index (see store/body-search.ts): each body's long runs of ASCII letters and digits
 * (hashes, long identifiers) as trigrams (one position in three, each a token), so that a text holding one
 * is found inside any word. It is filled by the same step and watermark as the word index, so both start
 * again from 0: an existing store is indexed again in the background, its rows scanned meanwhile.
 */
export const longRunSearch = sqlMigration('0010-long-run-search', `
    CREATE VIRTUAL TABLE delivery_long_runs USING fts5(
      trigrams, content = '', detail = none, columnsize = 0, tokenize = 'ascii'
    );
    INSERT INTO delivery_search (delivery_search) VALUES ('delete-all');
    UPDATE store_counts SET value = 0 WHERE name = 'search_indexed_through';
  `);
