import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { SimAccount, startSimulator, type Simulator } from 'payout-simulator';
import type { ReconcileRunSummary } from '../../src/shared/reconcile';
import { personalEgress } from '../../src/main/core/outbound/egress-policy';
import { ReconcileService } from '../../src/main/core/reconcile/reconcile-service';
import { RateLimiter, ServiceApiClient } from '../../src/main/core/service-api';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { describeEachEngine, openTestStore } from '../support/engines';
import { until } from '../support/until';
import { silentLogger } from '../../src/main/core/logger';

const apiToken = 'sim_token_reconcile_schedule';

/**
 * The schedule a user turns on in the Reconcile view: each tick starts a run against the API (here the simulator's),
 * kept with its trigger, the next one saying what changed since; turned off, no tick runs; kept across a restart.
 * Only the schedule's interval is driven by the test's clock (a tick is minutes apart): the runs, the API's pages
 * and the store are real.
 */
describeEachEngine('reconcile on a schedule', (engine) => {
  let sim: Simulator;
  let store: InspectorStore;
  const services: ReconcileService[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ account: new SimAccount(apiToken, 'whsec_reconcile_schedule'), seed: 42, timeScale: 3600 });
    store = await openTestStore(engine);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    await store?.close();
    await sim?.close();
  });

  function service(published: ReconcileRunSummary[] = []): ReconcileService {
    const client = new ServiceApiClient({
      access: () => ({ baseUrl: sim.apiUrl, apiToken, egress: personalEgress() }),
      limiter: new RateLimiter(50),
    });
    const made = new ReconcileService({
      store,
      settings: store.settings,
      readPage: (target, page, limit, signal) => client.listPage(target, page, limit, signal),
      service: () => ({ baseUrl: sim.apiUrl, available: true, simulatorTimeScale: 3600 }),
      requestsPerSecond: 50,
      publish: (summary) => published.push(summary),
      logger: silentLogger,
    });
    services.push(made);
    return made;
  }

  const lastRunDone = (reconcile: ReconcileService, count: number) =>
    until(
      () => reconcile.list(),
      (l) => l.current === null && l.runs.length === count && l.runs[0]!.state === 'done',
      60_000,
    );

  it('runs at each tick once turned on, says what changed since the last run, and stops when turned off', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const published: ReconcileRunSummary[] = [];
    const reconcile = service(published);
    reconcile.setSchedule({ enabled: true, everyMinutes: 5 });
    vi.advanceTimersByTime(4 * 60_000);
    expect((await reconcile.list()).runs).toEqual([]);

    vi.advanceTimersByTime(60_000);
    const first = await lastRunDone(reconcile, 1);
    expect(first.runs[0]).toMatchObject({ trigger: 'schedule', service: sim.apiUrl, changes: null });
    expect(first.runs[0]!.progress.payouts.totalPages).toBeGreaterThan(0);
    expect(published.some((s) => s.id === first.runs[0]!.id && s.state === 'running')).toBe(true);
    const kept = await store.reconcile.runs.get(first.runs[0]!.id);
    expect(kept!.rows.length).toBe(first.runs[0]!.progress.payouts.items);

    vi.advanceTimersByTime(5 * 60_000);
    const second = await lastRunDone(reconcile, 2);
    expect(second.runs[0]).toMatchObject({ trigger: 'schedule', changes: { previousRunId: first.runs[0]!.id, changedCount: 0 } });

    reconcile.setSchedule({ enabled: false, everyMinutes: 5 });
    vi.advanceTimersByTime(60 * 60_000);
    const after = await reconcile.list();
    expect(after.current).toBeNull();
    expect(after.runs).toHaveLength(2);
  }, 120_000);

  it('keeps the schedule across a restart, and the restarted service ticks with it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const before = service();
    before.setSchedule({ enabled: true, everyMinutes: 2 });
    await before.close();
    const runsBefore = (await store.reconcile.runs.list(100)).length;

    const restarted = service();
    expect((await restarted.list()).schedule).toEqual({ enabled: true, everyMinutes: 2 });
    vi.advanceTimersByTime(2 * 60_000);
    const l = await lastRunDone(restarted, runsBefore + 1);
    expect(l.runs[0]!.trigger).toBe('schedule');
    restarted.setSchedule({ enabled: false, everyMinutes: 2 });
  }, 120_000);
});
