import { randomUUID } from 'node:crypto';
import type { ApiPayoutView, ReconcileChanges, ReconcileRun, ReconcileRunSummary, Unmatched } from '../../../shared/reconcile';
import { emptyCounts, reconcileClasses } from '../../../shared/reconcile';
import type { ListTarget } from '../../../shared/service-api';
import type { ReconcileStore } from '../store/inspector-store';
import { indexOrders, readApiOrder, readApiPayout, withOrderFacts, type ApiOrderFacts } from './api-records';
import { reconcilePayouts } from './classify';
import { heartbeatMs } from './runtime-log';

/** One page of a list as the service API's client reads it. */
export type PageReader = (
  target: ListTarget,
  page: number,
  limit: number,
  signal: AbortSignal,
) => Promise<{ items: unknown[]; pagination: { totalPages: number | null } }>;

export interface ReconcileRunDeps {
  store: { reconcile: ReconcileStore; derived?: { catchUpAll(): Promise<void> } };
  readPage: PageReader;
  /** The API's base URL (for the record), or null. */
  service: string | null;
  requestsPerSecond: number;
  retryWindowMs: number;
  /** The service's read timeout (spec 8: 10 s; a simulator may be started with another). */
  readTimeoutMs: number;
  /** Told of every page read and of the end. */
  progress?: (summary: ReconcileRunSummary) => void;
  now?: () => number;
}

export interface ReconcileRunOptions {
  since: string | null;
  trigger: ReconcileRun['trigger'];
  startedBy?: string | null;
  signal?: AbortSignal;
  /** The run's id, when the caller named it already. */
  id?: string;
}

/** Spec 4.4: `limit` at most 20. */
export const pageLimit = 20;

export function summaryOf(run: ReconcileRun): ReconcileRunSummary {
  const { rows: _rows, unmatched: _unmatched, ...summary } = run;
  return summary;
}

/** What changed since the previous run: each row whose class differs, new or gone. */
export function changesSince(previous: ReconcileRun, run: Pick<ReconcileRun, 'rows' | 'counts'>): ReconcileChanges {
  const before = new Map(previous.rows.map((r) => [r.id, r.class]));
  const after = new Map(run.rows.map((r) => [r.id, r.class]));
  const changed: ReconcileChanges['changed'] = [];
  for (const [id, klass] of after) if (before.get(id) !== klass) changed.push({ id, from: before.get(id) ?? null, to: klass });
  for (const [id, klass] of before) if (!after.has(id)) changed.push({ id, from: klass, to: null });
  const countDeltas = emptyCounts();
  for (const c of reconcileClasses) countDeltas[c] = run.counts[c] - previous.counts[c];
  return { previousRunId: previous.id, previousStartedAt: previous.startedAt, changed: changed.slice(0, 500), changedCount: changed.length, countDeltas };
}

/**
 * One reconcile run: reads every page of /api/payout-orders (for callback URLs and recipients) and /api/payouts
 * (each request within the client's rate limit), the stored deliveries and runtime spans, joins them
 * (classify.ts), says what changed since the last finished run and keeps the run in the store.
 */
export async function runReconcile(deps: ReconcileRunDeps, options: ReconcileRunOptions): Promise<ReconcileRun> {
  const now = deps.now ?? Date.now;
  const signal = options.signal ?? new AbortController().signal;
  const since = options.since === null ? null : Date.parse(options.since);
  if (since !== null && !Number.isFinite(since)) throw Object.assign(new Error(`since: "${options.since}" is not a time (ISO-8601)`), { status: 400 });
  const list = () => ({ pagesDone: 0, totalPages: null as number | null, items: 0 });
  const run: ReconcileRun = {
    id: options.id ?? randomUUID(),
    state: 'running',
    trigger: options.trigger,
    startedBy: options.startedBy ?? null,
    startedAt: new Date(now()).toISOString(),
    finishedAt: null,
    since: since === null ? null : new Date(since).toISOString(),
    service: deps.service,
    requestsPerSecond: deps.requestsPerSecond,
    retryWindowMs: deps.retryWindowMs,
    readTimeoutMs: deps.readTimeoutMs,
    progress: { payouts: list(), payoutOrders: list() },
    counts: emptyCounts(),
    beyondRetryWindow: 0,
    unmatchedCount: 0,
    changes: null,
    error: null,
    rows: [],
    unmatched: [],
  };
  const tell = () => deps.progress?.(structuredClone(summaryOf(run)));
  await deps.store.reconcile.runs.save(run);
  tell();

  const readAll = async (
    endpoint: ListTarget['endpoint'],
    into: ReconcileRun['progress']['payouts'],
    each: (item: unknown, page: number, index: number, readAt: string) => void,
  ) => {
    for (let page = 1; ; page++) {
      const { items, pagination } = await deps.readPage({ endpoint }, page, pageLimit, signal);
      const readAt = new Date(now()).toISOString();
      items.forEach((item, index) => each(item, page, index, readAt));
      into.pagesDone = page;
      into.items += items.length;
      if (page === 1) into.totalPages = pagination.totalPages;
      if (into.totalPages === null) throw new Error(`${endpoint}: the first page has no usable total-pages header, so the number of pages is unknown`);
      tell();
      // An empty list has total-pages 0, yet its page 1 answers: it is the last page.
      if (page >= Math.max(1, into.totalPages)) return;
    }
  };

  try {
    const orders: ApiOrderFacts[] = [];
    const unmatched: Unmatched[] = [];
    try {
      await readAll('/api/payout-orders', run.progress.payoutOrders, (item) => {
        const order = readApiOrder(item);
        if (order) orders.push(order);
      });
    } catch (error) {
      if (signal.aborted) throw error;
      unmatched.push({
        what: 'api_page',
        id: '/api/payout-orders',
        why: `the payout orders could not be read (${(error as Error).message}): their callback URLs and recipient lists are not known`,
      });
    }
    const payouts: ApiPayoutView[] = [];
    const readStartedAt = now();
    await readAll('/api/payouts', run.progress.payouts, (item, page, index, readAt) => {
      const read = readApiPayout(item, page, index, readAt);
      if ('what' in read) unmatched.push(read);
      else payouts.push(read);
    });
    const { byUuid, byPayoutUuid } = indexOrders(orders);
    await deps.store.derived?.catchUpAll();
    const at = now();
    const deliveries = await deps.store.reconcile.deliveries();
    const spans = await deps.store.reconcile.runtime.spans(0);
    const result = reconcilePayouts({
      payouts: payouts.map((p) => withOrderFacts(p, byUuid, byPayoutUuid)),
      deliveries,
      spans,
      now: at,
      retryWindowMs: deps.retryWindowMs,
      readTimeoutMs: deps.readTimeoutMs,
      heartbeatMs,
      since,
      readStartedAt,
    });
    const previous = await deps.store.reconcile.runs.latestDone();
    Object.assign(run, {
      state: 'done',
      finishedAt: new Date(now()).toISOString(),
      rows: result.rows,
      unmatched: [...unmatched, ...result.unmatched],
      counts: result.counts,
      beyondRetryWindow: result.beyondRetryWindow,
      unmatchedCount: unmatched.length + result.unmatched.length,
      changes: previous && previous.id !== run.id ? changesSince(previous, result) : null,
    });
  } catch (error) {
    Object.assign(run, {
      state: signal.aborted ? 'canceled' : 'failed',
      finishedAt: new Date(now()).toISOString(),
      error: signal.aborted ? 'canceled' : (error as Error).message,
    });
  }
  await deps.store.reconcile.runs.save(run);
  tell();
  return run;
}
