import type pg from 'pg';
import type { DuplicateBasis } from '../../../../shared/lifecycle';
import { groupCopies, groupingOf, type GroupMember } from '../common/duplicate-grouping';
import type { DerivedResults } from '../reader';
import { addCopiesSql, additionsByLifecycle, earlierMemberSql, grownSummaryParams, growsFromFacts, lifecycleColumns, lifecycleOfMembers, lifecycleUpsertSql, memberBodySql, membersSql, membersUpToSql, newEvent, type LifecycleAddition, type MemberRow, type StoredGrowth, summaryParams } from '../common/lifecycle-members';
import type { LifecycleKind } from '../../../../shared/lifecycle';
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { LastingFailure } from '../common/lasting-failure';
import { inTransaction, type Queryable } from './connect';
import { numbered } from './sql';
import type { Logger } from '../../logger';

/** Rows derived per transaction. */
const batchRows = 500;
/** Deriving waits this long after a commit, so that one transaction covers many commits' rows. */
const coalesceMs = 20;
/** A read first derives at most this many pending rows itself; past it (a rebuild) it reads what is there. */
const readCatchUpRows = 5_000;
/** Held while deriving: two inspectors on one database never derive the same rows twice. */
export const deriveLock = 0x1a5ec8;

interface PendingRow {
  id: number;
  received_at: number;
  body_sha256: string;
  delivery_id: string | null;
  idempotency_key: string | null;
  lifecycle_key: string | null;
  lifecycle_kind: LifecycleKind | null;
}

const firstCopySql = (basis: DuplicateBasis) => {
  const copies = groupCopies(basis);
  return numbered(
    `SELECT id, received_at AS "receivedAt", body_sha256 AS "bodySha256", delivery_id AS "deliveryId"
     FROM ${copies.from} WHERE ${copies.where} AND ${copies.id} < ? ORDER BY ${copies.id} LIMIT 1`,
  );
};

// The SQLite store's upsert (duplicate-groups.ts), its 0/1 flags combined with CASE.
const upsertGroupSql = `
  INSERT INTO duplicate_groups (idempotency_key, basis, count, first_id, last_id, first_received_at, last_received_at,
    first_body_sha256, identical_bodies, first_delivery_id, delivery_id_changed, delivery_id_missing)
  VALUES ($1, $2, 1, $3, $3, $4, $4, $5, 1, $6, 0, CASE WHEN $6::text IS NULL THEN 1 ELSE 0 END)
  ON CONFLICT (idempotency_key) DO UPDATE SET
    count = duplicate_groups.count + 1,
    last_id = excluded.last_id,
    last_received_at = excluded.last_received_at,
    identical_bodies = CASE WHEN duplicate_groups.identical_bodies = 1
      AND duplicate_groups.first_body_sha256 = excluded.first_body_sha256 THEN 1 ELSE 0 END,
    delivery_id_changed = CASE WHEN duplicate_groups.delivery_id_changed = 1 OR (excluded.first_delivery_id IS NOT NULL
      AND duplicate_groups.first_delivery_id IS NOT NULL
      AND excluded.first_delivery_id <> duplicate_groups.first_delivery_id) THEN 1 ELSE 0 END,
    delivery_id_missing = CASE WHEN duplicate_groups.delivery_id_missing = 1 OR excluded.first_delivery_id IS NULL
      THEN 1 ELSE 0 END`;

const upsertLifecycleSql = lifecycleUpsertSql((_, i) => `$${i + 1}`);

/** A lifecycle rebuilt from its deliveries, with the latest of them; null without any. */
export async function loadLifecycle(db: Queryable, key: string, parsedBodies?: RecentParsedBodies) {
  const { rows } = await db.query<MemberRow>(numbered(membersSql), [key]);
  return lifecycleOfMembers(key, rows, parsedBodies);
}

/** Adds a delivery to its duplicate group, if it has one (members come in id order), as the SQLite store does. */
async function addToGroup(client: pg.PoolClient, idempotencyKey: string | null, member: GroupMember): Promise<void> {
  const grouping = groupingOf(idempotencyKey, member.bodySha256);
  if (grouping === null) return;
  const { basis, key } = grouping;
  const first = (await client.query<GroupMember>(firstCopySql(basis), [key, member.id])).rows[0];
  if (!first) return;
  const upsert = (m: GroupMember) => client.query(upsertGroupSql, [key, basis, m.id, m.receivedAt, m.bodySha256, m.deliveryId]);
  const grouped = await client.query('SELECT 1 FROM duplicate_groups WHERE idempotency_key = $1', [key]);
  if (grouped.rowCount === 0) await upsert(first);
  await upsert(member);
}

/** A lifecycle summarised again from all its deliveries (retention, after some of them were pruned). */
export async function refreshLifecycle(client: pg.PoolClient, key: string, parsedBodies: RecentParsedBodies): Promise<void> {
  const loaded = await loadLifecycle(client, key, parsedBodies);
  if (!loaded) {
    await client.query('DELETE FROM lifecycles WHERE key = $1', [key]);
    return;
  }
  const params = summaryParams(loaded);
  await client.query(upsertLifecycleSql, lifecycleColumns.map(([, param]) => params[param]));
}

/** The SQLite store's priorCopySql; PostgreSQL's planner picks deliveries_by_key by its statistics. */
const priorCopySql = 'SELECT 1 FROM deliveries WHERE idempotency_key = $1 AND lifecycle_key = $2 AND id < $3 LIMIT 1';

/** Adds a derived batch's deliveries of one lifecycle to its summary, as the SQLite store's `grow` does. */
async function growLifecycle(client: pg.PoolClient, key: string, added: readonly LifecycleAddition[], parsedBodies: RecentParsedBodies) {
  const last = added.at(-1)!.id;
  const newEvents: LifecycleAddition[] = [];
  for (const a of added) {
    const copy = a.idempotencyKey !== null && (await client.query(priorCopySql, [a.idempotencyKey, key, a.id])).rowCount! > 0;
    if (!copy) newEvents.push(a);
  }
  if (newEvents.length === 0 && (await client.query(numbered(addCopiesSql), [added.length, last, key])).rowCount === 1) return;
  const stored = (await client.query<StoredGrowth>('SELECT event_facts, delivery_count FROM lifecycles WHERE key = $1', [key])).rows[0];
  const hasEarlier = stored === undefined && (await client.query(numbered(earlierMemberSql), [key, added[0]!.id])).rowCount! > 0;
  if (growsFromFacts(stored, () => hasEarlier)) {
    const events = [];
    for (const a of newEvents) {
      const body = parsedBodies.get(a.id) ?? (await client.query<{ body: Buffer }>(numbered(memberBodySql), [a.id])).rows[0]!.body;
      events.push(newEvent(a, body));
    }
    const params = grownSummaryParams(key, stored, events, added);
    await client.query(upsertLifecycleSql, lifecycleColumns.map(([, param]) => params[param]));
    return;
  }
  const loaded = lifecycleOfMembers(key, (await client.query<MemberRow>(numbered(membersUpToSql), [key, last])).rows, parsedBodies);
  if (!loaded) {
    await client.query('DELETE FROM lifecycles WHERE key = $1', [key]);
    return;
  }
  const params = summaryParams(loaded);
  await client.query(upsertLifecycleSql, lifecycleColumns.map(([, param]) => params[param]));
}

/**
 * The duplicate groups and lifecycle summaries on PostgreSQL, derived after the deliveries' commit from the
 * watermark `derived_through` (committed with them), by the same analysis as the SQLite store's. One
 * derivation runs at a time in this process, and across processes under an advisory lock.
 */
export function pgDerivedResults(pool: pg.Pool, options: { parsedBodies: RecentParsedBodies; log: Logger }) {
  const { parsedBodies, log } = options;

  /** Derives one batch in the transaction under way (holding the derivation's lock); returns how many rows. */
  const deriveRows = async (client: pg.PoolClient, limit: number) => {
    const through = (await client.query<{ value: number }>("SELECT value FROM store_counts WHERE name = 'derived_through'")).rows[0]!.value;
    const { rows } = await client.query<PendingRow>(
      `SELECT id, received_at, body_sha256, delivery_id, idempotency_key, lifecycle_key, lifecycle_kind
       FROM deliveries WHERE id > $1 ORDER BY id LIMIT $2`,
      [through, limit],
    );
    for (const row of rows) {
      await addToGroup(client, row.idempotency_key, {
        id: row.id,
        receivedAt: row.received_at,
        bodySha256: row.body_sha256,
        deliveryId: row.delivery_id,
      });
    }
    for (const [key, added] of additionsByLifecycle(rows)) await growLifecycle(client, key, added, parsedBodies);
    if (rows.length > 0) {
      await client.query("UPDATE store_counts SET value = $1 WHERE name = 'derived_through'", [rows[rows.length - 1]!.id]);
    }
    return rows.length;
  };
  /** Derives one batch; returns how many rows. */
  const deriveBatch = (limit: number) =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [deriveLock]);
      // Deriving may lose its transaction in a crash: it is redone from the watermark, no need to wait for the flush.
      await client.query('SET LOCAL synchronous_commit = off');
      return deriveRows(client, limit);
    });

  let running: Promise<unknown> = Promise.resolve();
  /** One derivation at a time: each waits for the one before. */
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const next = running.then(work, work);
    running = next.catch(() => {});
    return next;
  };
  /** Derives up to `maxRows` pending rows, a batch at a time with `derive`; whether none was left. */
  const inBatches = async (derive: (limit: number) => Promise<number>, maxRows: number) => {
    for (let done = 0; done < maxRows; ) {
      const derived = await derive(Math.min(batchRows, maxRows - done));
      if (derived === 0) return true;
      done += derived;
    }
    return false;
  };
  const deriveUpTo = (maxRows: number) => serially(() => inBatches(deriveBatch, maxRows));

  // A failure a retry overcomes is not reported; one that lasts (the server down, the database read-only) is, once.
  const failure = new LastingFailure(
    { failing: 'lifecycles and duplicate groups cannot be updated', recovered: 'lifecycles and duplicate groups are up to date again' },
    { log },
  );

  let scheduled = false;
  let closed = false;
  const schedule = (delayMs = coalesceMs) => {
    if (scheduled || closed) return;
    scheduled = true;
    setTimeout(() => {
      scheduled = false;
      const startedAt = Date.now();
      deriveUpTo(batchRows).then(
        (done) => {
          failure.succeeded();
          // A backlog (a rebuild) goes on at the next turn.
          if (!done) schedule(0);
        },
        // Tried again until it works, so that its end is seen even when no delivery comes.
        (error) => schedule(failure.failed(error, startedAt)),
      );
    }, delayMs).unref();
  };

  const isCurrent = async () => {
    const { rows } = await pool.query<{ current: boolean }>(
      `SELECT (SELECT value FROM store_counts WHERE name = 'derived_through') >= coalesce((SELECT max(id) FROM deliveries), 0) AS current`,
    );
    return rows[0]!.current;
  };

  const results: DerivedResults & { rebuild(): Promise<void>; close(): Promise<void> } = {
    schedule: () => schedule(),
    async catchUpForRead() {
      const startedAt = Date.now();
      await deriveUpTo(readCatchUpRows).then(
        () => failure.succeeded(),
        (error) => schedule(failure.failed(error, startedAt)),
      );
    },
    catchUpAll: async () => void (await deriveUpTo(Number.POSITIVE_INFINITY)),
    isCurrent,
    failure: () => failure.current,
    onFailureChange: (listener) => failure.onChange(listener),
    /**
     * Empties the derived tables and derives them again from the first delivery (after the analyzer's keys changed):
     * the first rows again in the same transaction, as a read would derive them, so that a reader never finds them
     * empty (as the SQLite store's `clear`).
     */
    rebuild: () =>
      serially(async () => {
        await inTransaction(pool, async (client) => {
          await client.query('SELECT pg_advisory_xact_lock($1)', [deriveLock]);
          await client.query("DELETE FROM duplicate_groups; DELETE FROM lifecycles; UPDATE store_counts SET value = 0 WHERE name = 'derived_through'");
          await inBatches((limit) => deriveRows(client, limit), readCatchUpRows);
        });
        schedule(0);
      }),
    /** Stops scheduling and waits for the derivation under way. */
    async close() {
      closed = true;
      await running;
    },
  };
  return results;
}
