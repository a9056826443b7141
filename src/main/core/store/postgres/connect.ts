import pg from 'pg';
import { storeErrorOf } from './errors';
import type { Logger } from '../../logger';

/** 64-bit integers (ids, times in ms, counts) as numbers: every one the store holds is far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * A pool on the store's database. A commit waits for its WAL flush (synchronous_commit on, whatever the server's
 * default) unless its transaction says otherwise: a batch of deliveries does, and is answered only after the flush
 * that follows it (delivery-writer.ts `walFlusher`). The search index's pending list is long enough for the
 * derivation to empty it in bulk (search-words.ts `searchIndexUpkeep`).
 */
export function connectPool(url: string, log: Logger): pg.Pool {
  const options = '-c synchronous_commit=on -c gin_pending_list_limit=64MB';
  const pool = new pg.Pool({ connectionString: url, max: 8, options, types });
  // An idle connection the server dropped: the next query takes another.
  pool.on('error', (error) => log.warn(`store: a PostgreSQL connection failed (${error.message})`));
  return withStoreErrors(pool);
}

/**
 * The pool, its queries and connections failing with the store's errors (unavailable: 503; a value it cannot
 * take: 400) rather than the driver's, whoever calls it. Only the promise forms are used here.
 */
function withStoreErrors(pool: pg.Pool): pg.Pool {
  const rethrow = (error: unknown) => {
    throw storeErrorOf(error);
  };
  const promised = (method: (...args: unknown[]) => unknown) =>
    function (...args: unknown[]) {
      // The callback forms (the pool's own query connects with one) are left as they are.
      const result = method(...args);
      return result instanceof Promise ? result.catch(rethrow) : result;
    };
  pool.query = promised(pool.query.bind(pool) as (...args: unknown[]) => unknown) as typeof pool.query;
  pool.connect = promised(pool.connect.bind(pool) as (...args: unknown[]) => unknown) as typeof pool.connect;
  return pool;
}

/**
 * Runs `work` in one transaction on one connection (rolled back if it throws). `begin` may hold more statements
 * than BEGIN, sent in the same round trip: `work` gets what they answered.
 */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient, begun: pg.QueryResult | pg.QueryResult[]) => Promise<T>,
  begin = 'BEGIN',
): Promise<T> {
  const client = await pool.connect();
  // The server may end the connection under the transaction (a restart, a terminated session): the statement
  // under way fails with it, and the client is dropped below. Unlistened, the client's error would end the process.
  let lost: Error | undefined;
  const onLost = (error: Error) => (lost = error);
  client.on('error', onLost);
  try {
    const begun = (await client.query(begin)) as pg.QueryResult | pg.QueryResult[];
    const result = await work(client, begun);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw storeErrorOf(error);
  } finally {
    client.off('error', onLost);
    client.release(lost);
  }
}

export type Queryable = pg.Pool | pg.PoolClient;
