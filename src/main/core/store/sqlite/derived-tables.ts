import { bodySearchIndex } from './body-search';
import { deliveryFilters } from './delivery-filters';
import { duplicateGroupQueries } from './duplicate-groups';
import { additionsByLifecycle } from '../common/lifecycle-members';
import { lifecycleQueries } from './lifecycles';
import type { Db } from './db';
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { withoutOwnFsync } from './relaxed-sync';
import { pacedBatches } from '../../paced-size';
import type { PendingRow } from '../common/pending-row';
import { idleSearchRows, searchBacklogWhileBusy } from '../common/search-pacing';

/** Rows derived per transaction: large enough to coalesce page writes, small enough to keep the receiver answering. */
const defaultBatchRows = 500;
/** A read first derives at most this many pending rows itself; past it (a rebuild) it reads what is there. */
export const readCatchUpRows = 5_000;
export { idleSearchRows, searchBacklogWhileBusy } from '../common/search-pacing';
/**
 * Rows a filtered list walks past `delivery_filters` (by the primary key, a few milliseconds) before the steps
 * between commits fill it too: five seconds of 1,000 a second. Else it is filled in pauses and catch-ups.
 */
export const filtersBacklogWhileBusy = 5_000;

export interface DerivationOptions {
  parsedBodies?: RecentParsedBodies;
  /** Rows per transaction (a bulk load, with no receiver to keep answering, takes more at once). */
  batchRows?: number;
  /**
   * On the store's writer, where a step delays the commits queued behind it: each step then takes one
   * transaction of pending rows and one of the search index, each sized from the last one's pace to take about this
   * long, and longer as the rows pending grow (`pacedTargetMs`), so that derivation keeps up and the commits give way.
   */
  stepTargetMs?: number;
}

/**
 * The duplicate groups and lifecycle summaries, derived from the stored deliveries after their
 * commit rather than inside it, so that a 2xx waits only for the raw row. `derived_through` (in
 * store_counts) is the last delivery they include, committed with them: after a crash they resume
 * from there. Their transactions skip the fsync (synchronous=NORMAL): losing one loses its
 * watermark too, and it is derived again; the next delivery's full commit syncs them anyway.
 * The body search index (body-search.ts) and the filters' table (delivery-filters.ts) are each filled from their
 * own last row, in pauses between deliveries (`fillIndexesWhileIdle`), and in the steps only once far behind; the
 * filters' table also with every transaction of a catch-up.
 *
 * These are the steps, run on the connection given: the store's writer runs them on the connection that writes
 * (writer-handlers.ts), wherever it runs. `deriveScheduler` decides when.
 */
export function derivationSteps(db: Db, options: DerivationOptions = {}) {
  const batchRows = options.batchRows ?? defaultBatchRows;
  const groups = duplicateGroupQueries(db);
  const lifecycles = lifecycleQueries(db, options.parsedBodies);
  const search = bodySearchIndex(db);
  const watermark = db.prepare("SELECT value FROM store_counts WHERE name = 'derived_through'").pluck();
  const setWatermark = db.prepare("UPDATE store_counts SET value = ? WHERE name = 'derived_through'");
  const latestId = db.prepare('SELECT coalesce(max(id), 0) FROM deliveries').pluck();
  const pending = db.prepare(
    `SELECT id, received_at, body_sha256, delivery_id, idempotency_key, lifecycle_key, lifecycle_kind
     FROM deliveries WHERE id > ? ORDER BY id LIMIT ?`,
  );

  const filters = deliveryFilters(db);

  const deriveInTransaction = db.transaction((limit: number, withFilters: boolean): number => {
    if (withFilters) filters.fill(limit);
    const rows = pending.all(watermark.get() as number, limit) as PendingRow[];
    for (const row of rows) {
      groups.add(row.idempotency_key, {
        id: row.id,
        receivedAt: row.received_at,
        bodySha256: row.body_sha256,
        deliveryId: row.delivery_id,
      });
    }
    for (const [key, added] of additionsByLifecycle(rows)) lifecycles.grow(key, added);
    if (rows.length > 0) setWatermark.run(rows[rows.length - 1]!.id);
    return rows.length;
  });
  // It reads before it writes: begun as a write, it waits for another program's lock (busy_timeout) rather than
  // failing at once when that program committed meanwhile.
  const deriveBatch = (limit: number, withFilters = true): number => deriveInTransaction.immediate(limit, withFilters);
  const fillFiltersInTransaction = db.transaction((limit: number): boolean => filters.fill(limit) === limit && filters.behind() > 0);

  const relaxed = <T>(work: () => T): T => withoutOwnFsync(db, work);
  /** Indexes a batch of bodies for search; returns whether more are pending. */
  const indexSearch = (rows = batchRows): boolean => search.indexBatch(rows) > 0 && search.behind() > 0;
  const derivedBehind = () => (latestId.get() as number) - (watermark.get() as number);
  const isCurrent = () => derivedBehind() <= 0;

  /** Derives up to `maxRows` pending rows, a batch per transaction; returns whether none is left. */
  const deriveUpTo = (maxRows: number): boolean => {
    for (let done = 0; done < maxRows; ) {
      const derived = deriveBatch(Math.min(batchRows, maxRows - done));
      if (derived === 0) return true;
      done += derived;
    }
    return isCurrent();
  };

  /** A paced step's duration: the base, one more base per 1,000 rows `behind`, at most eight bases. */
  const pacedTargetMs = (baseMs: number, behind: number): number => baseMs * Math.min(8, 1 + behind / 1_000);
  // A step's transactions, each returning whether more is pending: a batch of each, or when paced (stepTargetMs),
  // each sized from the last one's pace to take about a step's duration.
  const minPacedRows = 8;
  const derivePace = pacedBatches(64, minPacedRows, batchRows);
  const searchPace = pacedBatches(64, minPacedRows, batchRows);
  const baseMs = options.stepTargetMs;
  const deriveStep =
    baseMs === undefined
      ? () => !deriveUpTo(batchRows)
      : () => derivePace(pacedTargetMs(baseMs, derivedBehind()), (rows) => deriveBatch(rows, false) === rows);
  const indexStep =
    baseMs === undefined ? () => indexSearch() : () => searchPace(pacedTargetMs(baseMs, search.behind()), indexSearch);
  /** Whether the steps between commits index too: always when unpaced (no receiver waits), else past the busy backlog. */
  const indexesBetweenCommits = () => baseMs === undefined || search.behind() >= searchBacklogWhileBusy;
  // The filters' table: with each transaction of the unpaced steps (deriveUpTo); when paced, in pauses, and in the
  // steps only past its busy backlog, in transactions of its own pace.
  const filtersPace = pacedBatches(64, minPacedRows, idleSearchRows);
  const fillFiltersStep =
    baseMs === undefined
      ? () => false
      : () => filters.behind() >= filtersBacklogWhileBusy && filtersPace(pacedTargetMs(baseMs, filters.behind()), fillFiltersInTransaction);

  // A failure (a full disk) leaves the watermark where it was: the scheduler tries again.
  return {
    /**
     * One scheduled step: a batch of pending rows, and of the search index when it is far behind (else it waits for
     * a pause: `fillIndexesWhileIdle`); whether a backlog is left, and why it failed.
     */
    step(): StepOutcome {
      if (!db.open) return { backlog: false, failure: null };
      return relaxed(() => {
        let backlog = false;
        let failure: string | null = null;
        try {
          // A backlog (a rebuild) goes on at the next turn; new rows wait to be coalesced.
          backlog = deriveStep();
        } catch (error) {
          failure = messageOf(error);
        }
        try {
          if (fillFiltersStep()) backlog = true;
          if (indexesBetweenCommits() && indexStep()) backlog = true;
        } catch (error) {
          failure ??= messageOf(error);
        }
        return { backlog, failure };
      });
    },
    /**
     * While no delivery arrives: one large transaction of the filters' table and one of the search index; whether
     * more are pending, and why it failed.
     */
    fillIndexesWhileIdle(): StepOutcome {
      if (!db.open || (search.behind() <= 0 && filters.behind() <= 0)) return { backlog: false, failure: null };
      try {
        return {
          backlog: relaxed(() => {
            const moreFilters = filters.behind() > 0 && fillFiltersInTransaction(idleSearchRows);
            const moreSearch = search.behind() > 0 && indexSearch(idleSearchRows);
            return moreFilters || moreSearch;
          }),
          failure: null,
        };
      } catch (error) {
        return { backlog: true, failure: messageOf(error) };
      }
    },
    /** Derives up to `maxRows` pending rows now; why it failed (left for the next step), or null. */
    catchUp(maxRows: number): string | null {
      try {
        relaxed(() => deriveUpTo(maxRows));
        return null;
      } catch (error) {
        return messageOf(error);
      }
    },
    /** Derives everything pending, failing loudly (a command about to read a whole store); true once none is left. */
    catchUpAll: (): boolean => relaxed(() => deriveUpTo(Number.POSITIVE_INFINITY)),
    /** Indexes every body not yet in the search index. */
    indexSearchAll(): void {
      relaxed(() => {
        while (indexSearch(Math.max(batchRows, idleSearchRows)));
      });
    },
    /**
     * Empties the derived tables, to be derived again from the first delivery; with `thenRows`, derives that many
     * again in the same transaction, so that a reader on another connection never sees them empty meanwhile.
     */
    clear(thenRows = 0): void {
      db.transaction(() => {
        groups.clear();
        lifecycles.clear();
        setWatermark.run(0);
        if (thenRows > 0) deriveUpTo(thenRows);
      }).immediate();
    },
    isCurrent,
  };
}

export type DerivationSteps = ReturnType<typeof derivationSteps>;

/** What a scheduled step did: whether a backlog is left, and why it failed (null: it did not). */
export interface StepOutcome {
  backlog: boolean;
  failure: string | null;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
