import { randomUUID } from 'node:crypto';
import type { CallContext } from '../../../shared/contract';
import { serviceReadTimeoutMs } from '../../../shared/delivery';
import { ReconcileSchedule, defaultReconcileSchedule, type ReconcileRun, type ReconcileRunSummary } from '../../../shared/reconcile';
import type { InspectorStore, SettingsStore } from '../store/inspector-store';
import { specRetryWindowMs } from './classify';
import { runReconcile, summaryOf, type PageReader } from './run-reconcile';
import type { Logger } from '../logger';

export interface ReconcileServiceDeps {
  store: Pick<InspectorStore, 'reconcile' | 'derived'>;
  settings: SettingsStore;
  readPage: PageReader;
  /** The API in use: its base URL, or null when there is none to call (then a run is refused, 409). */
  service: () => { baseUrl: string | null; available: boolean; simulatorTimeScale: number | null };
  requestsPerSecond: number;
  publish: (summary: ReconcileRunSummary) => void;
  logger: Logger;
}

const scheduleKey = 'reconcileSchedule';

class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The retry window of spec 8, compressed by the simulator's time scale when it is the simulator that sends. */
export function retryWindowFor(simulatorTimeScale: number | null): number {
  return Math.round(specRetryWindowMs / (simulatorTimeScale ?? 1));
}

/**
 * Reconcile in a running core: one run at a time, on demand or on the schedule the user turned on (kept in
 * settings), each run kept in the store and told on the event stream as its pages are read.
 */
export class ReconcileService {
  private current: { summary: ReconcileRunSummary; controller: AbortController; done: Promise<ReconcileRun> } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private schedule: ReconcileSchedule;

  constructor(private readonly deps: ReconcileServiceDeps) {
    this.schedule = deps.settings.read(scheduleKey, ReconcileSchedule) ?? defaultReconcileSchedule;
    this.arm();
  }

  start(options: { since: string | null; trigger: ReconcileRun['trigger'] }, caller: CallContext | null = null): ReconcileRunSummary {
    if (this.current) throw new CallError('a reconcile run is under way: wait for it, or cancel it', 409);
    const service = this.deps.service();
    if (!service.available) {
      throw new CallError('no service API to call: the embedded simulator is not running, or the real service has no API token (Settings → Service)', 409);
    }
    if (options.since !== null && !Number.isFinite(Date.parse(options.since))) throw new CallError(`since: "${options.since}" is not a time (ISO-8601)`, 400);
    const controller = new AbortController();
    const id = randomUUID();
    const retryWindowMs = retryWindowFor(service.simulatorTimeScale);
    const done = runReconcile(
      {
        store: this.deps.store,
        readPage: this.deps.readPage,
        service: service.baseUrl,
        requestsPerSecond: this.deps.requestsPerSecond,
        retryWindowMs,
        readTimeoutMs: serviceReadTimeoutMs,
        progress: (summary) => {
          if (this.current?.summary.id === summary.id) this.current.summary = summary;
          this.deps.publish(summary);
        },
      },
      { ...options, id, startedBy: caller?.user ?? null, signal: controller.signal },
    );
    const placeholder: ReconcileRunSummary = {
      id,
      state: 'running',
      trigger: options.trigger,
      startedBy: caller?.user ?? null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
      since: options.since === null ? null : new Date(options.since).toISOString(),
      service: service.baseUrl,
      requestsPerSecond: this.deps.requestsPerSecond,
      retryWindowMs,
      readTimeoutMs: serviceReadTimeoutMs,
      progress: { payouts: { pagesDone: 0, totalPages: null, items: 0 }, payoutOrders: { pagesDone: 0, totalPages: null, items: 0 } },
      counts: { agrees: 0, behind: 0, contradicts: 0, never_heard: 0, unknown_to_api: 0 },
      beyondRetryWindow: 0,
      unmatchedCount: 0,
      changes: null,
      error: null,
    };
    const current = { summary: placeholder, controller, done };
    this.current = current;
    void done
      .catch((error: Error) => this.deps.logger.error(`reconcile: the run could not be kept (${error.message})`))
      .finally(() => {
        if (this.current === current) this.current = null;
      });
    return this.current?.summary ?? placeholder;
  }

  /** Waits for the run under way (tests, the MCP tool). */
  async finished(runId: string): Promise<ReconcileRun | null> {
    if (this.current?.summary.id === runId) await this.current.done.catch(() => null);
    return this.deps.store.reconcile.runs.get(runId);
  }

  cancel(runId: string): ReconcileRunSummary {
    if (this.current?.summary.id !== runId) throw new CallError(`no reconcile run ${runId} under way`, 404);
    this.current.controller.abort();
    return this.current.summary;
  }

  async list(): Promise<{ current: ReconcileRunSummary | null; runs: ReconcileRunSummary[]; schedule: ReconcileSchedule }> {
    const runs = await this.deps.store.reconcile.runs.list(20);
    return { current: this.current?.summary ?? null, runs, schedule: this.schedule };
  }

  async get(runId: string | undefined): Promise<ReconcileRun> {
    const run = runId === undefined ? await this.deps.store.reconcile.runs.latestDone() : await this.deps.store.reconcile.runs.get(runId);
    if (!run) throw new CallError(runId === undefined ? 'no reconcile run has finished yet' : `no reconcile run ${runId}`, 404);
    return run;
  }

  setSchedule(schedule: ReconcileSchedule): ReconcileSchedule {
    this.schedule = schedule;
    this.deps.settings.write(scheduleKey, schedule);
    this.arm();
    return schedule;
  }

  private arm(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (!this.schedule.enabled) return;
    this.timer = setInterval(() => {
      if (this.current || !this.deps.service().available) return;
      try {
        this.start({ since: null, trigger: 'schedule' });
      } catch (error) {
        this.deps.logger.warn(`reconcile: the scheduled run did not start (${(error as Error).message})`);
      }
    }, this.schedule.everyMinutes * 60_000);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const running = this.current;
    running?.controller.abort();
    await running?.done.catch(() => null);
  }
}

/** The contract's reconcile.* calls. */
export function reconcileCalls(service: ReconcileService) {
  return {
    'reconcile.start': ({ since }: { since?: string | null }, caller: CallContext) => service.start({ since: since ?? null, trigger: 'manual' }, caller),
    'reconcile.cancel': ({ runId }: { runId: string }) => service.cancel(runId),
    'reconcile.list': () => service.list(),
    'reconcile.get': ({ runId }: { runId?: string }) => service.get(runId),
    'reconcile.setSchedule': (schedule: ReconcileSchedule) => service.setSchedule(schedule),
  };
}

export { summaryOf };
