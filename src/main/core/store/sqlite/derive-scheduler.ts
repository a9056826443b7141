import type { UpkeepFailure } from '../../../../shared/contract';
import { LastingFailure } from '../common/lasting-failure';
import { stepTimer } from '../common/step-timer';
import { searchIdleMs } from '../common/search-pacing';
import { readCatchUpRows, type StepOutcome } from './derived-tables';
import { silentLogger, type Logger } from '../../logger';

/**
 * Deriving waits this long after a commit, so that one transaction covers many commits' rows: a lifecycle's
 * events and a page of an index are then written once per batch rather than once per commit.
 */
const coalesceMs = 20;
export { searchIdleMs } from '../common/search-pacing';

/** How the SQLite store's derivation says it is failing for a while, and that it works again. */
const derivedUpkeepWords = {
  failing: 'lifecycles, duplicate groups and the body search index cannot be updated',
  recovered: 'lifecycles, duplicate groups and the body search index are up to date again',
};

/** The steps as the scheduler runs them: the store's writer (sqlite-writer.ts), or a connection's own steps. */
export interface DerivationRunner {
  step(): StepOutcome | Promise<StepOutcome>;
  fillIndexesWhileIdle(): StepOutcome | Promise<StepOutcome>;
  /** Why it failed, or null. */
  catchUp(maxRows: number): string | null | Promise<string | null>;
  catchUpAll(): unknown;
  clear(): void | Promise<void>;
  isCurrent(): boolean | Promise<boolean>;
}

export interface DeriveSchedulerOptions {
  log?: Logger;
}

/**
 * When the derivation steps run: shortly after commits, coalesced; before reads of the derived tables; on rebuild;
 * and after a failed step, again and again (backing off) until one succeeds, so that its end is seen even when no
 * delivery comes. The filters' table and the search index are filled in pauses, once no commit came for `searchIdleMs` (the steps fill them too
 * when they are far behind). A failure a retry overcomes is not reported; one that lasts is (`failure`), once, whichever
 * part of the upkeep it stops.
 */
export function deriveScheduler(runner: DerivationRunner, options: DeriveSchedulerOptions = {}) {
  const failure = new LastingFailure(derivedUpkeepWords, { log: options.log ?? silentLogger });
  const failing = new Map<'derive' | 'search', string>();
  /** Notes how a part of the upkeep went; how long to wait before retrying while any part fails, else null. */
  const noted = (part: 'derive' | 'search', why: string | null, startedAt: number): number | null => {
    if (why === null) failing.delete(part);
    else failing.set(part, why);
    const first = failing.values().next();
    if (first.done) {
      failure.succeeded();
      return null;
    }
    return failure.failed(first.value, startedAt);
  };

  const step = async () => {
    const startedAt = Date.now();
    // A call fails only when the writer thread stopped (it logs why): the pending rows wait for the next start.
    const outcome = await Promise.resolve(runner.step()).catch(() => null);
    if (outcome === null) return;
    const retryMs = noted('derive', outcome.failure, startedAt);
    if (outcome.failure !== null) return schedule(retryMs!);
    if (outcome.backlog) next.atLatest(0);
  };
  const next = stepTimer(() => void step());
  const schedule = (delayMs = coalesceMs) => next.unlessSet(delayMs);

  let commitsSeen = 0;
  let indexing = false;
  const indexWhileIdle = async () => {
    if (indexing) return;
    indexing = true;
    const seenBefore = commitsSeen;
    const startedAt = Date.now();
    const outcome = await Promise.resolve(runner.fillIndexesWhileIdle()).catch(() => null);
    indexing = false;
    if (outcome === null) return;
    noted('search', outcome.failure, startedAt);
    // A commit since re-armed the timer: the rest waits for the next pause.
    if (outcome.failure !== null) idleTimer?.refresh();
    else if (outcome.backlog && commitsSeen === seenBefore) setImmediate(() => void indexWhileIdle());
  };
  let idleTimer: NodeJS.Timeout | undefined;
  /** Puts the filters' table and the search index off until no commit came for `searchIdleMs`. */
  const noteCommit = () => {
    commitsSeen++;
    idleTimer ??= setTimeout(() => void indexWhileIdle(), searchIdleMs).unref();
    idleTimer.refresh();
  };

  return {
    /**
     * After a commit (or at the start): derives the pending rows shortly (after `delayMs`, coalescing commits), in
     * batches, between the receiver's turns, and indexes them for search at the next pause.
     */
    schedule: (delayMs?: number) => {
      noteCommit();
      schedule(delayMs);
    },
    /** Before reading the derived tables: derives what is pending now, unless a rebuild is under way. */
    async catchUpForRead(): Promise<void> {
      const startedAt = Date.now();
      const failed = await runner.catchUp(readCatchUpRows);
      // Only a step says it works again.
      if (failed !== null) schedule(failure.failed(failed, startedAt));
    },
    /** Derives everything pending (a command about to read a whole store). */
    catchUpAll: async (): Promise<void> => void (await runner.catchUpAll()),
    /** Empties the derived tables and derives them again from the first delivery (after the analyzer's keys changed). */
    async rebuild(): Promise<void> {
      await runner.clear();
      schedule(0);
    },
    /** Whether every stored delivery is included. */
    isCurrent: async (): Promise<boolean> => runner.isCurrent(),
    /** The derivation's lasting failure, or null. */
    failure: (): UpkeepFailure | null => failure.current,
    onFailureChange: (listener: () => void): void => failure.onChange(listener),
  };
}

export type DeriveSchedule = ReturnType<typeof deriveScheduler>;
