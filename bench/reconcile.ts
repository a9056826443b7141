/**
 * Reconcile at scale (issue 41): 10,000 payouts in the simulator's /api/payouts (500 pages of 20, the seeded history
 * filled up with created orders), against a store holding the webhooks of most of them, joined by one run as the
 * command makes it. Reading the API is bounded by the client's rate limit (5 requests a second, as the app keeps it):
 * the run's time is printed beside that floor, and the join after the last page apart.
 *
 *   BENCH_RECONCILE_PAYOUTS=10000   # payouts the API lists (a multiple of 20 keeps the pages full)
 *   BENCH_RECONCILE_RPS=5           # the client's limit, requests a second
 */
import { serviceReadTimeoutMs } from '../src/shared/delivery';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SeededRandom, SimAccount, deliveryHeaders, orderEvents, startSimulator, type SimPayoutOrder } from 'payout-simulator';
import type { CapturedDelivery } from '../src/main/core/delivery-record/delivery-record';
import { silentLogger } from '../src/main/core/logger';
import { runReconcile as reconcileRun } from '../src/main/core/reconcile/run-reconcile';
import { retryWindowFor } from '../src/main/core/reconcile/reconcile-service';
import { personalEgress } from '../src/main/core/outbound/egress-policy';
import { RateLimiter, ServiceApiClient } from '../src/main/core/service-api';
import { openStore } from '../src/main/core/store';
import { benchSecret } from './generate';
import { waitForQuiet } from './machine';
import { cacheDir, positiveInt, resultsDir } from './scale';
import { table, type Figure } from './stats';

const apiToken = 'bench_reconcile_token';
/** Every scenario's events have occurred, and every retry window passed, before the run. */
const timeScale = 1_000_000;
const perOrder = 100;
const scenarios = {
  crypto: ['crypto_same_currency_completed', 'crypto_failed', 'crypto_expired'],
  gift_cards: ['gift_card_redeemed', 'gift_card_failed'],
} as const;

function figure(metric: string, unit: Figure['unit'], value: number, goal: number | null = null, note?: string): Figure {
  return { metric, unit, median: value, min: value, max: value, runs: 1, goal, baseline: null, ...(note ? { note } : {}) };
}

interface CreatedOrder {
  uuid: string;
  campaign_id: string;
  payout_type: 'crypto' | 'gift_cards';
  wallet_currency: string;
  created_at: string;
  recipients: Array<{ uuid: string; payout_uuid: string; email: string; name: string; amount: unknown; currency: string; scenario: string; brand_uuid?: string; brand_name?: string }>;
}

export async function runReconcile(): Promise<string[]> {
  const target = positiveInt('BENCH_RECONCILE_PAYOUTS', 10_000);
  const rps = positiveInt('BENCH_RECONCILE_RPS', 5);
  mkdirSync(cacheDir, { recursive: true });
  const root = mkdtempSync(join(cacheDir, 'reconcile-'));
  const sim = await startSimulator({
    account: new SimAccount(apiToken, benchSecret),
    seed: 11,
    timeScale,
    behaviour: { duplicateRate: 0, reorderRate: 0, unknownEventRate: 0 },
  });
  const store = await openStore({ dataDir: root }, { role: 'receiver', log: silentLogger });
  try {
    // The API: the seeded history, filled up to the target with created orders (no callback URL: the webhooks are
    // stored below, as if received, rather than sent at the service's 5 a second).
    const seeded = sim.world.payouts().length;
    const campaigns = sim.world.campaigns.filter((c) => c.status === 'active' && (sim.world.catalog(c.uuid)?.length ?? 0) > 0);
    const byType = { crypto: campaigns.find((c) => c.payout_type === 'crypto')!, gift_cards: campaigns.find((c) => c.payout_type === 'gift_cards')! };
    const created: CreatedOrder[] = [];
    for (let left = target - seeded, n = 0; left > 0; left -= perOrder, n++) {
      const type = n % 2 === 0 ? 'crypto' : 'gift_cards';
      const campaign = byType[type];
      const recipients = Array.from({ length: Math.min(perOrder, left) }, (_, i) => ({
        email: `r${n}-${i}@bench.example`,
        name: `Recipient ${n}-${i}`,
        amount: '10.00',
        ...(type === 'crypto' ? { currency: campaign.wallet_currency } : {}),
        scenario: scenarios[type][i % scenarios[type].length],
      }));
      const res = await fetch(`${sim.apiUrl}/api/payout-orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Api-Token': apiToken },
        body: JSON.stringify({ campaign_id: campaign.uuid, wallet_currency: campaign.wallet_currency, recipients }),
      });
      if (res.status !== 201) throw new Error(`the simulator refused an order: ${await res.text()}`);
      created.push((await res.json()) as CreatedOrder);
    }
    const listed = sim.world.payouts().length;

    // The store: each created payout's webhooks as received, but for one in 20 whose last event never came (behind)
    // and one in 50 with none at all (never heard).
    let stored = 0;
    const storing = performance.now();
    const random = SeededRandom.forKey(11, 'bench-reconcile');
    for (const order of created) {
      const simOrder: SimPayoutOrder = {
        ...order,
        callback_url: null,
        recipients: order.recipients.map((r) => ({
          uuid: r.uuid,
          payout_uuid: r.payout_uuid,
          email: r.email,
          name: r.name,
          amount: String(r.amount),
          currency: r.currency,
          scenario: r.scenario as SimPayoutOrder['recipients'][number]['scenario'],
          ...(r.brand_uuid ? { brand: { uuid: r.brand_uuid, name: r.brand_name ?? '' } } : {}),
        })),
      };
      const events = orderEvents(simOrder, random, { startTime: new Date(order.created_at), pace: timeScale, unknownEventRate: 0 });
      const last = new Map<string, number>();
      events.forEach((e, i) => last.set(e.recipientUuid, i));
      const batch: Array<Promise<number>> = [];
      events.forEach((event, i) => {
        const index = simOrder.recipients.findIndex((r) => r.uuid === event.recipientUuid);
        if (index % 50 === 7) return;
        if (index % 20 === 3 && last.get(event.recipientUuid) === i) return;
        const body = Buffer.from(event.bodyText, 'utf8');
        const headers = deliveryHeaders({ event: event.event, body, secret: benchSecret, deliveryId: `bench-${stored}`, dispatchedAtMs: event.occurredAt.getTime(), faults: [] });
        const delivery: CapturedDelivery = {
          raw: { method: 'POST', path: '/hook', query: '', headers: [['Host', '127.0.0.1:8443'], ...Object.entries(headers)], body, bodyTruncated: false },
          facts: { receivedAt: event.occurredAt.getTime() + 50, remoteAddress: '127.0.0.1', tls: true, imported: false },
          response: { status: 200, body: '{"received":true}', reason: 'policy: default' },
          secret: benchSecret,
        };
        batch.push(store.storeDelivery(delivery));
        stored++;
      });
      await Promise.all(batch);
    }
    await store.drain();
    await store.derived.catchUpAll();
    const storedSeconds = (performance.now() - storing) / 1000;
    console.log(`API: ${listed.toLocaleString('en')} payouts (${seeded} seeded, ${created.length} orders created); store: ${stored.toLocaleString('en')} deliveries in ${storedSeconds.toFixed(1)} s`);

    await waitForQuiet();
    const client = new ServiceApiClient({
      access: () => ({ baseUrl: sim.apiUrl, apiToken, egress: personalEgress() }),
      limiter: new RateLimiter(rps),
    });
    let requests = 0;
    let lastPageAt = 0;
    const started = performance.now();
    const run = await reconcileRun(
      {
        store,
        readPage: async (t, page, limit, signal) => {
          const answer = await client.listPage(t, page, limit, signal);
          requests++;
          lastPageAt = performance.now();
          return answer;
        },
        service: sim.apiUrl,
        readTimeoutMs: serviceReadTimeoutMs,
        requestsPerSecond: rps,
        retryWindowMs: retryWindowFor(timeScale),
      },
      { since: null, trigger: 'command' },
    );
    const wall = (performance.now() - started) / 1000;
    if (run.state !== 'done') throw new Error(`the run ${run.state}: ${run.error}`);
    // The limiter lets the first `rps` requests go at once, then one every 1/rps s.
    const floor = Math.max(0, requests - rps) / rps;
    const joinSeconds = (performance.now() - lastPageAt) / 1000;
    console.log(`classes: ${JSON.stringify(run.counts)}; ${run.progress.payouts.pagesDone} pages of /api/payouts, ${run.progress.payoutOrders.pagesDone} of /api/payout-orders`);
    const figures = [
      figure('payouts the API lists', '', run.progress.payouts.items),
      figure('requests (pages of both lists)', '', requests),
      figure("the API's rate limit, requests a second", 'req/s', rps),
      figure('floor: the requests at the rate limit', 's', floor),
      figure('reconcile run, wall time', 's', wall, floor * 1.1 + 5, 'within 10 % of the floor, plus 5 s for the join'),
      figure('join and store after the last page', 's', joinSeconds, 5),
      figure('payouts reconciled a second', 'req/s', run.progress.payouts.items / wall),
    ];
    console.log(table(figures));
    mkdirSync(resultsDir, { recursive: true });
    const result = { benchmark: 'reconcile', at: new Date().toISOString(), payouts: listed, deliveries: stored, counts: run.counts, figures };
    writeFileSync(join(resultsDir, 'latest-reconcile.json'), `${JSON.stringify(result, null, 2)}\n`);
    return figures.filter((f) => f.goal !== null && f.median > f.goal).map((f) => f.metric);
  } finally {
    await store.close();
    await sim.close();
    rmSync(root, { recursive: true, force: true });
  }
}
