/**
 * When both engines fill their free-text search index, which the commits leave to the derivation (SQLite's FTS5
 * tables, PostgreSQL's delivery_search_words).
 */

/** No commit for this long is a pause: the search index (and SQLite's filters' table) is then filled, a large transaction at a time. */
export const searchIdleMs = 250;
/**
 * The search index is filled while no delivery arrives, in transactions of this many rows: SQLite's FTS5 then
 * writes each term's list once per thousand bodies rather than once per few, at a third of the CPU and a tenth of
 * the bytes (`BENCH_ONLY=storebytes`), and the receiver's commits never queue behind it.
 */
export const idleSearchRows = 1_000;
/**
 * Rows a search scans past the index before the steps between commits index them too (deliveries arriving without
 * a pause): about twenty seconds of 1,000 a second.
 */
export const searchBacklogWhileBusy = 20_000;
