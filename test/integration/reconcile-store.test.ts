import { afterAll, expect, it } from 'vitest';
import { emptyCounts, type ReconcileRun } from '../../src/shared/reconcile';
import { keptReconcileRuns } from '../../src/main/core/store/common/reconcile-records';
import { describeEachEngine, openTestStore } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';

function run(id: string, startedAt: number, state: ReconcileRun['state'] = 'done'): ReconcileRun {
  const list = { pagesDone: 1, totalPages: 1, items: 1 };
  return {
    id,
    state,
    trigger: 'manual',
    startedBy: null,
    startedAt: new Date(startedAt).toISOString(),
    finishedAt: state === 'running' ? null : new Date(startedAt + 1000).toISOString(),
    since: null,
    service: 'http://127.0.0.1:1',
    requestsPerSecond: 5,
    retryWindowMs: 5_400_000,
    readTimeoutMs: 10_000,
    progress: { payouts: list, payoutOrders: list },
    counts: { ...emptyCounts(), agrees: 1 },
    beyondRetryWindow: 0,
    unmatchedCount: 0,
    changes: null,
    error: null,
    rows: [],
    unmatched: [{ what: 'lifecycle', id: 'form_b:1', why: 'no order' }],
  };
}

describeEachEngine("reconcile's records in the store", (engine) => {
  const stores: InspectorStore[] = [];
  afterAll(async () => void (await Promise.all(stores.map((s) => s.close()))));

  it('opens, sees and closes runtime spans, and lists those open or closed since', async () => {
    const store = await openTestStore(engine);
    stores.push(store);
    const a = await store.reconcile.runtime.apply({ op: 'open', component: 'receiver', detail: { https: 'https://127.0.0.1:1' }, at: 1_000 });
    const b = await store.reconcile.runtime.apply({ op: 'open', component: 'inspector', detail: {}, at: 1_500 });
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(a!);
    await store.reconcile.runtime.apply({ op: 'touch', ids: [a!, b!], at: 2_000 });
    await store.reconcile.runtime.apply({ op: 'close', ids: [a!], at: 3_000, reason: 'stopped' });
    // A second close changes nothing: a span closes once.
    await store.reconcile.runtime.apply({ op: 'close', ids: [a!], at: 9_000, reason: 'again' });
    const spans = await store.reconcile.runtime.spans(0);
    expect(spans).toEqual([
      { id: a, component: 'receiver', detail: { https: 'https://127.0.0.1:1' }, startedAt: 1_000, seenAt: 3_000, stoppedAt: 3_000, stopReason: 'stopped' },
      { id: b, component: 'inspector', detail: {}, startedAt: 1_500, seenAt: 2_000, stoppedAt: null, stopReason: null },
    ]);
    expect((await store.reconcile.runtime.spans(5_000)).map((s) => s.id)).toEqual([b]);
  });

  it('keeps runs (replaced as they progress), lists them newest first, and keeps the newest 50', async () => {
    const store = await openTestStore(engine);
    stores.push(store);
    await store.reconcile.runs.save(run('first', 1_000, 'running'));
    await store.reconcile.runs.save(run('first', 1_000));
    expect(await store.reconcile.runs.get('first')).toEqual(run('first', 1_000));
    for (let i = 0; i < keptReconcileRuns + 2; i++) await store.reconcile.runs.save(run(`r${i}`, 2_000 + i, i === keptReconcileRuns + 1 ? 'failed' : 'done'));
    const listed = await store.reconcile.runs.list(100);
    expect(listed).toHaveLength(keptReconcileRuns);
    expect(listed[0]!.id).toBe(`r${keptReconcileRuns + 1}`);
    expect(await store.reconcile.runs.get('first')).toBeNull();
    expect((await store.reconcile.runs.latestDone())!.id).toBe(`r${keptReconcileRuns}`);
  });

  it('reads every delivery of a lifecycle with what reconcile joins', async () => {
    const store = await openTestStore(engine);
    stores.push(store);
    const traffic = analyzedTraffic(200, 3);
    for (const record of traffic) await store.storeDelivery(record);
    await store.drain();
    const rows = await store.reconcile.deliveries();
    expect(rows.length).toBe(traffic.filter((r) => r.analysis.lifecycle.lifecycleKey !== null).length);
    expect(rows[0]).toMatchObject({ id: expect.any(Number), receivedAt: expect.any(Number), lifecycleKey: expect.any(String), responseStatus: expect.any(Number) });
  });
});
