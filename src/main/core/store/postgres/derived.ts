import type pg from 'pg';
import type { DerivedResults } from '../reader';
import { lifecycleColumns, lifecycleOfMembers, lifecycleUpsertSql, membersSql, summaryParams, type MemberRow } from '../common/lifecycle-members';
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { LastingFailure } from '../common/lasting-failure';
import { stepTimer } from '../common/step-timer';
import { inTransaction, type Queryable } from './connect';
import { deriveGroups } from './derive-groups';
import { deriveLifecycles } from './derive-lifecycles';
import { readFirstCopies } from './first-copies';
import { pendingRowsSql, type PendingRow } from './pending-row';
import { searchIndexUpkeep } from './search-words';
import { indexSearchBatch, searchIndexedThrough } from './search-index';
import { numbered } from './sql';
import { idleSearchRows, searchBacklogWhileBusy, searchIdleMs } from '../common/search-pacing';
import type { Logger } from '../../logger';

/** Rows derived per transaction. */
const batchRows = 500;
/** Deriving waits this long after a commit, so that one transaction covers many commits' rows. */
const coalesceMs = 20;
/**
 * While deliveries keep coming, a step starts at most this often: a lifecycle or duplicate group that many of them
 * touch is then written once a step rather than once every few commits, each write a new row version and new index
 * entries (BENCH_ONLY=pgloop: PostgreSQL's CPU per delivery while storing 198–210 → 93–120 µs; with what is derived
 * and indexed after the load, 261–278 → 178–197 µs). A read derives what is pending first.
 */
const busyStepIntervalMs = 200;
/** A read first derives at most this many pending rows itself; past it (a rebuild) it reads what is there. */
const readCatchUpRows = 5_000;
/** Rows indexed for search after a derivation step while deliveries keep coming: a few ms of the writer's thread. */
const searchBusyRows = 200;
/** Held while deriving: two inspectors on one database never derive the same rows twice. */
export const deriveLock = 0x1a5ec8;

const upsertLifecycleSql = lifecycleUpsertSql((_, i) => `$${i + 1}`);

/** A lifecycle rebuilt from its deliveries, with the latest of them; null without any. */
export async function loadLifecycle(db: Queryable, key: string, parsedBodies?: RecentParsedBodies) {
  const { rows } = await db.query<MemberRow>(numbered(membersSql), [key]);
  return lifecycleOfMembers(key, rows, parsedBodies);
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

/** Whether the derived tables include every stored delivery. */
export async function derivedIsCurrent(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ current: boolean }>(
    `SELECT (SELECT value FROM store_counts WHERE name = 'derived_through') >= coalesce((SELECT max(id) FROM deliveries), 0) AS current`,
  );
  return rows[0]!.current;
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
    const { rows } = await client.query<PendingRow>(pendingRowsSql, [through, limit]);
    const firsts = await readFirstCopies(client, rows);
    await deriveGroups(client, rows, firsts);
    await deriveLifecycles(client, rows, firsts, parsedBodies);
    if (rows.length > 0) {
      derivedThrough = rows[rows.length - 1]!.id;
      await client.query("UPDATE store_counts SET value = $1 WHERE name = 'derived_through'", [derivedThrough]);
    }
    return rows.length;
  };
  /**
   * A transaction under the derivation's lock. It may be lost in a crash: it is redone from its watermark, so it
   * need not wait for its flush.
   */
  const underDeriveLock = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
    inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1)', [deriveLock]);
      await client.query('SET LOCAL synchronous_commit = off');
      return work(client);
    });
  /** Derives one batch; returns how many rows. */
  const deriveBatch = (limit: number) => underDeriveLock((client) => deriveRows(client, limit));
  const searchUpkeep = searchIndexUpkeep(pool, log);
  /** Indexes one batch for search (search-index.ts), then moves the words index's pending entries in; returns how many rows. */
  const indexSearch = async (limit = idleSearchRows) => {
    const indexed = await underDeriveLock((client) => indexSearchBatch(client, limit));
    indexedThrough = Math.max(indexedThrough, indexed.through);
    await searchUpkeep.afterIndexed(indexed.rows);
    return indexed.rows;
  };
  /** The search index's watermark as this process last saw it (another inspector on the database may have moved it on). */
  let indexedThrough = -1;
  let derivedThrough = 0;

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
  /** Indexes a full batch after another while `goOn()` holds, until one comes short (the index is current). */
  const indexAll = (goOn: () => boolean) =>
    serially(async () => {
      while (goOn() && (await indexSearch()) === idleSearchRows);
    });
  /** A derivation step: up to `maxRows`, then a batch of the search index if it fell far behind while deliveries kept coming. */
  const deriveStep = (maxRows: number) =>
    serially(async () => {
      const done = await inBatches(deriveBatch, maxRows);
      if (indexedThrough < 0) indexedThrough = await searchIndexedThrough(pool);
      if (derivedThrough - indexedThrough >= searchBacklogWhileBusy) await indexSearch(searchBusyRows);
      return done;
    });

  // A failure a retry overcomes is not reported; one that lasts (the server down, the database read-only) is, once.
  const failure = new LastingFailure(
    {
      failing: 'lifecycles, duplicate groups and the body search index cannot be updated',
      recovered: 'lifecycles, duplicate groups and the body search index are up to date again',
    },
    { log },
  );

  let closed = false;
  let lastStepAt = 0;
  const next = stepTimer(() => {
    const startedAt = Date.now();
    lastStepAt = startedAt;
    deriveStep(batchRows).then(
      (done) => {
        failure.succeeded();
        // A backlog (deliveries coming faster than a step's batch, a rebuild) goes on at once.
        if (!done && !closed) next.atLatest(0);
      },
      // Tried again until it works, so that its end is seen even when no delivery comes.
      (error) => schedule(failure.failed(error, startedAt)),
    );
  });
  const schedule = (delayMs = coalesceMs) => {
    if (!closed) next.unlessSet(delayMs);
  };

  let commitsSeen = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  /** In a pause: the search index filled a batch at a time, until it is current or a commit comes. */
  const indexWhileIdle = () => {
    const seenBefore = commitsSeen;
    const startedAt = Date.now();
    indexAll(() => !closed && commitsSeen === seenBefore).catch((error: unknown) => {
      if (!closed) setTimeout(indexWhileIdle, failure.failed(error, startedAt)).unref();
    });
  };
  /** Puts the search index off until no commit came for `searchIdleMs`. */
  const noteCommit = () => {
    commitsSeen++;
    idleTimer ??= setTimeout(indexWhileIdle, searchIdleMs).unref();
    idleTimer.refresh();
  };

  const results: DerivedResults & { rebuild(): Promise<void>; close(): Promise<void> } = {
    schedule() {
      noteCommit();
      schedule(Math.max(coalesceMs, lastStepAt + busyStepIntervalMs - Date.now()));
    },
    async catchUpForRead() {
      const startedAt = Date.now();
      await deriveUpTo(readCatchUpRows).then(
        () => failure.succeeded(),
        (error) => schedule(failure.failed(error, startedAt)),
      );
    },
    /** Derives everything pending and indexes it for search (a command about to read a whole store). */
    async catchUpAll() {
      await deriveUpTo(Number.POSITIVE_INFINITY);
      await indexAll(() => true);
    },
    isCurrent: () => derivedIsCurrent(pool),
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
      next.cancel();
      clearTimeout(idleTimer);
      await running;
    },
  };
  return results;
}
