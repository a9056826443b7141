import type pg from 'pg';
import { insertColumns, insertValues } from '../common/delivery-columns';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import { GroupCommitWriter } from '@webhook-inspector/group-commit';
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { inTransaction } from './connect';

const insertSql = `INSERT INTO deliveries (${insertColumns.join(', ')}) VALUES `;
/** Rows per INSERT statement: PostgreSQL binds at most 65,535 parameters. */
const rowsPerStatement = Math.floor(65_535 / insertColumns.length);

/** Batches up to this many rows insert with a statement prepared once per size on each connection. */
const preparedUpTo = 64;
const statements = new Map<number, { name?: string; text: string }>();

/** The INSERT of `rows` rows: named (PostgreSQL plans it once per connection) for the usual batch sizes. */
function insertStatement(rows: number): { name?: string; text: string } {
  let statement = statements.get(rows);
  if (statement === undefined) {
    const tuples = Array.from({ length: rows }, (_, row) => `(${insertColumns.map((_, col) => `$${row * insertColumns.length + col + 1}`).join(', ')})`);
    statement = { text: `${insertSql}${tuples.join(', ')} RETURNING id`, ...(rows <= preparedUpTo ? { name: `insert_deliveries_${rows}` } : {}) };
    if (rows <= preparedUpTo) statements.set(rows, statement);
  }
  return statement;
}

/** Inserts the records in order in one statement per slice; returns their ids in order. */
async function insertRows(client: pg.PoolClient, records: DeliveryRecord[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < records.length; start += rowsPerStatement) {
    const slice = records.slice(start, start + rowsPerStatement);
    const values = slice.flatMap(insertValues);
    // Identity values are drawn in VALUES order, and RETURNING keeps it.
    const { rows } = await client.query<{ id: number }>({ ...insertStatement(slice.length), values });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The deliveries stored and their bodies' and headers' bytes, as a commit left them. */
export interface StoredCounts {
  deliveries: number;
  bytes: number;
}

/**
 * Waits until every commit made before the call is on disk: a statement that writes a little WAL and commits with
 * synchronous_commit on (the pool's), so its flush covers every earlier commit record. One runs at a time; a call
 * while one runs waits for the next, which starts after it, and every call meanwhile shares that one.
 */
export function walFlusher(pool: pg.Pool): () => Promise<void> {
  let running: Promise<void> | null = null;
  let next: Promise<void> | null = null;
  const flushOnce = async () => void (await pool.query("UPDATE store_counts SET value = value + 1 WHERE name = 'wal_flushes'"));
  const flushed = (): Promise<void> => {
    if (running === null) {
      running = flushOnce().finally(() => (running = null));
      return running;
    }
    next ??= running.catch(() => {}).then(() => {
      next = null;
      return flushed();
    });
    return next;
  };
  return flushed;
}

/**
 * Storing deliveries on PostgreSQL: what is queued while a commit is under way goes into the next one
 * (group commit), each caller's promise settling once its row's transaction is committed and flushed. A batch
 * commits without waiting for its flush (synchronous_commit off for it), so the next batch's rows go in while
 * WAL is written; its callers settle once a flush after it (`walFlusher`) is done. The delivery count and the
 * bytes stored (body and headers, as the SQLite store's triggers count them) are kept in the same transaction.
 * Several inspectors may write to one database: their commits take turns (see below), so a row never commits
 * behind one with a higher id.
 */
export function pgDeliveryWriter(
  pool: pg.Pool,
  options: { parsedBodies: RecentParsedBodies; onCommitted: (latestId: number, counts: StoredCounts) => void },
) {
  /** Each batch's counts as its commit left them, by its last id, until it is flushed. */
  const countsAfter = new Map<number, StoredCounts>();
  return new GroupCommitWriter<DeliveryRecord>({
    commit: (records) => {
      const bytes = records.reduce((sum, r) => sum + r.raw.body.byteLength + Buffer.byteLength(JSON.stringify(r.raw.headers)), 0);
      // One round trip before the rows: the counts' row locks make every other inspector writing to this database
      // wait for this commit before it draws its ids, so ids are committed in order, as the derivation's watermark
      // needs. The two counts are integers made here, so they are written into the statement.
      const begin = `BEGIN; SET LOCAL synchronous_commit = off;
        UPDATE store_counts SET value = value + CASE name WHEN 'deliveries' THEN ${records.length} ELSE ${bytes} END
        WHERE name IN ('deliveries', 'stored_bytes') RETURNING name, value`;
      return inTransaction(
        pool,
        async (client, begun) => {
          const { rows } = (begun as pg.QueryResult<{ name: string; value: number }>[]).at(-1)!;
          const ids = await insertRows(client, records);
          countsAfter.set(ids[ids.length - 1]!, {
            deliveries: rows.find((r) => r.name === 'deliveries')!.value,
            bytes: rows.find((r) => r.name === 'stored_bytes')!.value,
          });
          return ids;
        },
        begin,
      );
    },
    durable: walFlusher(pool),
    onCommitted(batch) {
      for (const { item, id } of batch) options.parsedBodies.rememberStored(id, item);
      const latestId = batch[batch.length - 1]!.id;
      const counts = countsAfter.get(latestId)!;
      countsAfter.delete(latestId);
      options.onCommitted(latestId, counts);
    },
  });
}
