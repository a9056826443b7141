import type pg from 'pg';

/** Deliveries outside every channel (a wrong callback path) are kept this long, for the operator to see. */
export const unroutedKeepDays = 7;
/** What an unrouted delivery's row weighs against the unrouted budget: its request line, headers and body prefix. */
export const unroutedRowBytes = 'octet_length(method) + octet_length(path) + octet_length(query) + octet_length(headers) + octet_length(body)';
const batch = 5000;

export interface PruneResult {
  deliveries: number;
  bytes: number;
}

async function deleteBatches(pool: pg.Pool, selectIds: string, params: unknown[]): Promise<PruneResult> {
  const total = { deliveries: 0, bytes: 0 };
  for (;;) {
    const { rows } = await pool.query<{ n: string; bytes: string | null }>(
      `WITH gone AS (DELETE FROM relay_deliveries WHERE id IN (${selectIds} LIMIT ${batch}) RETURNING octet_length(body) AS size)
       SELECT count(*) AS n, sum(size) AS bytes FROM gone`,
      params,
    );
    const n = Number(rows[0]?.n ?? 0);
    total.deliveries += n;
    total.bytes += Number(rows[0]?.bytes ?? 0);
    if (n < batch) return total;
  }
}

/** Prunes the deliveries outside every channel to `budgetBytes` in all, oldest first. */
export function pruneUnrouted(pool: pg.Pool, budgetBytes: number): Promise<PruneResult> {
  const overBudget = `SELECT id FROM (SELECT id, sum(${unroutedRowBytes}) OVER (ORDER BY id DESC) AS kept
                        FROM relay_deliveries WHERE channel_id IS NULL) newest_first WHERE kept > $1`;
  return deleteBatches(pool, overBudget, [budgetBytes]);
}

/**
 * Prunes each channel to its retention (days and/or bytes of bodies, oldest first), and the unrouted deliveries to
 * their week and their budget, in batches so that receiving is never held behind one long delete.
 */
export async function pruneRelay(pool: pg.Pool, now: number, unroutedBudgetBytes: number): Promise<PruneResult> {
  const total = { deliveries: 0, bytes: 0 };
  const add = (r: PruneResult) => {
    total.deliveries += r.deliveries;
    total.bytes += r.bytes;
  };
  const day = 86_400_000;
  add(await deleteBatches(pool, 'SELECT id FROM relay_deliveries WHERE channel_id IS NULL AND received_at < $1', [now - unroutedKeepDays * day]));
  add(await pruneUnrouted(pool, unroutedBudgetBytes));
  const { rows: channels } = await pool.query<{ id: string; keep_days: number | null; keep_bytes: string | null }>(
    'SELECT id, keep_days, keep_bytes FROM relay_channels WHERE keep_days IS NOT NULL OR keep_bytes IS NOT NULL',
  );
  for (const channel of channels) {
    if (channel.keep_days !== null) {
      add(await deleteBatches(pool, 'SELECT id FROM relay_deliveries WHERE channel_id = $1 AND received_at < $2', [channel.id, now - channel.keep_days * day]));
    }
    if (channel.keep_bytes !== null) {
      const overBudget = `SELECT id FROM (SELECT id, sum(octet_length(body)) OVER (ORDER BY id DESC) AS kept
                            FROM relay_deliveries WHERE channel_id = $1) newest_first WHERE kept > $2`;
      add(await deleteBatches(pool, overBudget, [channel.id, channel.keep_bytes]));
    }
  }
  return total;
}
