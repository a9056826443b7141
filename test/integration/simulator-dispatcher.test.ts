import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeDelivery } from '../../src/main/core/analysis/analyze-delivery';
import { loadOrCreateCertificate, type ReceiverCertificate } from '../../src/main/core/receiver/tls';
import type { Clock } from 'payout-simulator/internal/dispatcher/clock';
import {
  maxAttempts,
  retryDelayMs,
  WebhookDispatcher,
  type DispatcherOptions,
  type DispatchEventView,
} from 'payout-simulator/internal/dispatcher/index';
import { scenarioNames, SimAccount, type ScenarioName, type SimPayoutOrder } from 'payout-simulator/internal/model';
import { scenarioPayoutType } from 'payout-simulator/internal/scenarios/index';
import { tempDataDir } from '../support/core-fixture';

// ---------- a scripted receiver on 127.0.0.1 ----------

interface Arrival {
  at: number;
  path: string;
  rawHeaders: Array<[string, string]>;
  header(name: string): string | undefined;
  body: Buffer;
}
type Answer = { status: number; location?: string } | 'hang';
type Script = (arrival: Arrival, index: number) => Answer;

interface TestReceiver {
  url: string;
  arrivals: Arrival[];
  close(): Promise<void>;
}

let certificate: ReceiverCertificate;
const receivers: TestReceiver[] = [];
const dispatchers: WebhookDispatcher[] = [];

async function startReceiver(script: Script = () => ({ status: 200 }), secure = true): Promise<TestReceiver> {
  const arrivals: Arrival[] = [];
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const at = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const pairs = req.rawHeaders.length / 2;
      const rawHeaders = Array.from({ length: pairs }, (_, i): [string, string] => [req.rawHeaders[2 * i]!, req.rawHeaders[2 * i + 1]!]);
      const header = (name: string) => req.headers[name.toLowerCase()] as string | undefined;
      const arrival = { at, path: req.url ?? '', rawHeaders, header, body: Buffer.concat(chunks) };
      arrivals.push(arrival);
      const answer = script(arrival, arrivals.length - 1);
      if (answer === 'hang') return;
      res.writeHead(answer.status, answer.location ? { Location: answer.location } : {}).end();
    });
  };
  const server = secure ? createHttpsServer({ cert: certificate.cert, key: certificate.key }, handle) : createHttpServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver = {
    url: `${secure ? 'https' : 'http'}://127.0.0.1:${port}/webhooks`,
    arrivals,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  receivers.push(receiver);
  return receiver;
}

/** Answers `statuses` in turn, then 200. */
const answering =
  (...statuses: Array<number | Answer>): Script =>
  (_, index) => {
    const answer = statuses[index] ?? 200;
    return typeof answer === 'number' ? { status: answer } : answer;
  };

// ---------- orders and dispatchers ----------

const account = new SimAccount('token', 'whsec_dispatcher_test_1f2e');
let orderCount = 0;

function orderOf(scenarios: readonly ScenarioName[], callbackUrl: string | null, uuidSuffix = ++orderCount): SimPayoutOrder {
  const payoutType = scenarioPayoutType(scenarios[0]!);
  const hex = (n: number) => n.toString(16).padStart(12, '0');
  return {
    uuid: `6f1d2c3b-4a5e-4f60-9b7a-${hex(uuidSuffix)}`,
    campaign_id: 'cmp_test',
    payout_type: payoutType,
    wallet_currency: payoutType === 'gift_cards' ? 'EUR' : 'USDC',
    callback_url: callbackUrl,
    created_at: new Date().toISOString(),
    recipients: scenarios.map((scenario, i) => ({
      uuid: `0b8e7d6c-5f4a-4b3c-8d2e-${hex(uuidSuffix * 1000 + i)}`,
      email: `r${i}@example.com`,
      name: `Recipient ${i}`,
      amount: payoutType === 'gift_cards' ? '25.00' : '120.50',
      currency: scenario === 'crypto_cross_currency_completed' ? 'BTC' : payoutType === 'gift_cards' ? 'EUR' : 'USDC',
      scenario,
    })),
  };
}

/** One event on the wire: a Form B send without unknown events emits a single payout.processing. */
const singleEvent: ScenarioName[] = ['crypto_form_b_processing'];

function dispatcherFor(overrides: Partial<DispatcherOptions> = {}): WebhookDispatcher {
  const dispatcher = new WebhookDispatcher({
    account,
    timeScale: 100_000,
    duplicateRate: 0,
    reorderRate: 0,
    unknownEventRate: 0,
    deliveriesPerSecond: 200,
    trustedFingerprint: certificate.fingerprint,
    connectTimeoutMs: 2_000,
    readTimeoutMs: 2_000,
    ...overrides,
  });
  dispatchers.push(dispatcher);
  return dispatcher;
}

const only = (dispatcher: WebhookDispatcher): DispatchEventView => {
  const { events } = dispatcher.state();
  expect(events).toHaveLength(1);
  return events[0]!;
};
const statusesOf = (view: DispatchEventView) => view.attempts.map((a) => a.statusCode);

let certificateDir: string;
beforeAll(async () => {
  certificateDir = tempDataDir();
  certificate = await loadOrCreateCertificate(certificateDir);
});
afterAll(() => rmSync(certificateDir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.close()));
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

// ---------- delivery rules (spec 4.1, 7, 8) ----------

describe('webhook dispatcher against a real receiver', () => {
  it('retries 5xx until a 2xx, sending the same bytes each time, over HTTPS pinned by fingerprint', async () => {
    const receiver = await startReceiver(answering(500, 503));
    const dispatcher = dispatcherFor();
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    const view = only(dispatcher);
    expect(view.status).toBe('delivered');
    expect(statusesOf(view)).toEqual([500, 503, 200]);
    expect(receiver.arrivals).toHaveLength(3);
    expect(new Set(receiver.arrivals.map((a) => a.body.toString('hex'))).size).toBe(1);
  });

  it('abandons an event at the first 4xx', async () => {
    const receiver = await startReceiver(answering(410));
    const dispatcher = dispatcherFor();
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    expect(only(dispatcher)).toMatchObject({ status: 'abandoned', nextAttemptAt: null });
    expect(receiver.arrivals).toHaveLength(1);
  });

  it('treats a 3xx as a failure: never follows its Location, and retries', async () => {
    const receiver = await startReceiver(
      answering({ status: 302, location: '/elsewhere' }, { status: 301, location: 'https://example.com/' }),
    );
    const dispatcher = dispatcherFor();
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    const view = only(dispatcher);
    expect(statusesOf(view)).toEqual([302, 301, 200]);
    expect(view.attempts[0]!.error).toMatch(/Redirect not followed \(Location: \/elsewhere\)/);
    expect(receiver.arrivals.map((a) => a.path)).toEqual(['/webhooks', '/webhooks', '/webhooks']);
  });

  it('times out a receiver that does not answer, and retries', async () => {
    const receiver = await startReceiver(answering('hang'));
    const dispatcher = dispatcherFor({ readTimeoutMs: 150 });
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    const [timedOut, delivered] = only(dispatcher).attempts;
    expect(timedOut).toMatchObject({ statusCode: null, error: expect.stringMatching(/No response within 150 ms/) });
    expect(timedOut!.durationMs).toBeGreaterThanOrEqual(140);
    expect(delivered!.statusCode).toBe(200);
  });

  it('fails permanently after 8 attempts, then a resend delivers it', async () => {
    const receiver = await startReceiver(answering(...Array<number>(maxAttempts).fill(500)));
    const dispatcher = dispatcherFor();
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    const failed = only(dispatcher);
    expect(failed).toMatchObject({ status: 'failed_permanently', nextAttemptAt: null });
    expect(failed.attempts).toHaveLength(8);
    expect(dispatcher.resend(failed.id)).toBe(true);
    await dispatcher.idle();
    expect(only(dispatcher).status).toBe('delivered');
    expect(statusesOf(only(dispatcher)).slice(-1)).toEqual([200]);
    expect(receiver.arrivals).toHaveLength(9);
    expect(dispatcher.resend(failed.id)).toBe(false);
  });

  it('retries connection failures, and refuses a self-signed certificate whose fingerprint is not pinned', async () => {
    const receiver = await startReceiver();
    const unpinned = dispatcherFor({ trustedFingerprint: null });
    unpinned.orderCreated(orderOf(singleEvent, receiver.url));
    const refused = dispatcherFor();
    refused.orderCreated(orderOf(singleEvent, 'https://127.0.0.1:1/webhooks'));
    await Promise.all([unpinned.idle(), refused.idle()]);
    expect(only(unpinned).status).toBe('failed_permanently');
    expect(only(unpinned).attempts[0]!.error).toMatch(/SELF_SIGNED|certificate/i);
    expect(only(refused).attempts.map((a) => a.error)).toEqual(Array(8).fill(expect.stringMatching(/ECONNREFUSED/)));
    expect(receiver.arrivals).toEqual([]);
  });

  it('fires nothing for an order without callback_url, and refuses plain http unless allowed', async () => {
    const receiver = await startReceiver(undefined, false);
    const dispatcher = dispatcherFor();
    dispatcher.orderCreated(orderOf(singleEvent, null));
    expect(dispatcher.state().events).toEqual([]);
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    expect(only(dispatcher)).toMatchObject({ status: 'abandoned', attempts: [], note: expect.stringMatching(/HTTPS/) });
    const allowed = dispatcherFor({ allowPlainHttp: true });
    allowed.orderCreated(orderOf(singleEvent, receiver.url));
    await allowed.idle();
    expect(only(allowed).status).toBe('delivered');
    expect(receiver.arrivals).toHaveLength(1);
  });

  it('holds 5 deliveries per second: never more than 5 arrive within one second, the excess waits', async () => {
    const receiver = await startReceiver();
    const dispatcher = dispatcherFor({ deliveriesPerSecond: undefined });
    dispatcher.orderCreated(orderOf(Array<ScenarioName>(5).fill('crypto_same_currency_completed'), receiver.url));
    await dispatcher.idle();
    const times = receiver.arrivals.map((a) => a.at).sort((a, b) => a - b);
    expect(times).toHaveLength(15);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(2_000);
    const busiestSecond = Math.max(...times.map((start) => times.filter((t) => t >= start && t < start + 1_000).length));
    expect(busiestSecond).toBeLessThanOrEqual(5);
    expect(dispatcher.state().counts.delivered).toBe(15);
  });
});

// ---------- what goes on the wire ----------

describe('the deliveries on the wire', () => {
  const everyScenario = (receiver: TestReceiver) => [
    orderOf(scenarioNames.filter((s) => scenarioPayoutType(s) === 'crypto'), receiver.url),
    orderOf(['gift_card_redeemed', 'gift_card_failed', 'gift_card_redeemed'], receiver.url),
  ];

  it('signs the exact bytes it sends, with every spec 2.1 header, and the inspector finds no error', async () => {
    const receiver = await startReceiver();
    const dispatcher = dispatcherFor({ unknownEventRate: 0.5 });
    const before = Math.floor(Date.now() / 1000);
    for (const order of everyScenario(receiver)) dispatcher.orderCreated(order);
    await dispatcher.idle();
    expect(receiver.arrivals.length).toBe(dispatcher.state().counts.delivered);
    for (const arrival of receiver.arrivals) {
      const hmac = createHmac('sha256', account.signingSecret()).update(arrival.body).digest('hex');
      expect(arrival.header('X-Service-Signature')).toBe(`sha256=${hmac}`);
      expect(arrival.header('Content-Type')).toBe('application/json');
      expect(arrival.header('User-Agent')).toBe('Service-Webhooks/1.0');
      expect(arrival.header('X-Service-Event')).toBe((JSON.parse(arrival.body.toString()) as { event: string }).event);
      expect(Number(arrival.header('X-Service-Timestamp'))).toBeGreaterThanOrEqual(before);
      const raw = { method: 'POST', path: arrival.path, query: '', headers: arrival.rawHeaders, body: arrival.body, bodyTruncated: false };
      const analysis = analyzeDelivery(raw, account.signingSecret());
      expect(analysis.signature.verdict).toBe('valid');
      expect(analysis.findings.filter((f) => f.severity === 'error')).toEqual([]);
    }
  });

  it('sends each fault that is switched on, and the inspector reports it', async () => {
    const receiver = await startReceiver();
    const faults = { wrong_signature: true, event_header_mismatch: true, wrong_field_type: true, leaked_card_pin: true };
    const dispatcher = dispatcherFor({ faults });
    dispatcher.orderCreated(orderOf(['gift_card_redeemed'], receiver.url));
    await dispatcher.idle();
    for (const arrival of receiver.arrivals) {
      const raw = { method: 'POST', path: arrival.path, query: '', headers: arrival.rawHeaders, body: arrival.body, bodyTruncated: false };
      const codes = analyzeDelivery(raw, account.signingSecret()).findings.map((f) => f.code);
      expect(codes).toEqual(expect.arrayContaining(['signature.invalid', 'header.event_mismatch', 'security.card_secret_in_body']));
      expect(codes.some((c) => c === 'giftcard.amount_not_number' || c === 'giftcard.field_type')).toBe(true);
    }
  });

  it.each([
    ['fixed', 1],
    ['per_attempt', 3],
  ] as const)('keeps X-Service-Delivery %s across retries', async (mode, distinct) => {
    const receiver = await startReceiver(answering(500, 500));
    const dispatcher = dispatcherFor({ deliveryIdMode: mode });
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    const ids = receiver.arrivals.map((a) => a.header('X-Service-Delivery'));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(distinct);
    expect(only(dispatcher).attempts.map((a) => a.deliveryId)).toEqual(ids);
  });

  it('gives a duplicate the X-Service-Delivery of its original in fixed mode', async () => {
    const receiver = await startReceiver();
    const dispatcher = dispatcherFor({ deliveryIdMode: 'fixed', duplicateRate: 1 });
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    await dispatcher.idle();
    expect(dispatcher.state().events.map((e) => e.duplicateOf)).toEqual([null, 1]);
    expect(receiver.arrivals).toHaveLength(2);
    expect(receiver.arrivals[0]!.body.equals(receiver.arrivals[1]!.body)).toBe(true);
    expect(new Set(receiver.arrivals.map((a) => a.header('X-Service-Delivery'))).size).toBe(1);
  });

  it('duplicates and reorders at the seeded rates, the same way for the same seed', async () => {
    const receiver = await startReceiver(undefined, false);
    const options = { allowPlainHttp: true, seed: 7, duplicateRate: 0.2, reorderRate: 0.3, deliveriesPerSecond: 25 };
    const scenarios: ScenarioName[] = [
      'crypto_same_currency_completed',
      'crypto_failed',
      'crypto_completed_tx_hash_follow_up',
      'crypto_expired',
    ];
    const order = orderOf([...scenarios, ...scenarios], receiver.url, 4242);
    const dispatcher = dispatcherFor(options);
    dispatcher.orderCreated(order);
    const decisions = (d: WebhookDispatcher) => d.state().events.map((e) => [e.event, e.duplicateOf, e.reordered]);
    const twin = dispatcherFor({ ...options, allowPlainHttp: false });
    twin.orderCreated(order);
    expect(decisions(twin)).toEqual(decisions(dispatcher));
    const other = dispatcherFor({ ...options, seed: 8, allowPlainHttp: false });
    other.orderCreated(order);
    expect(decisions(other)).not.toEqual(decisions(dispatcher));

    await dispatcher.idle();
    const { events } = dispatcher.state();
    const duplicates = events.filter((e) => e.duplicateOf !== null).length;
    const reordered = events.filter((e) => e.reordered).length;
    expect([events.length - duplicates, duplicates, reordered]).toEqual([24, 4, 6]); // what seed 7 draws for this order
    expect(receiver.arrivals).toHaveLength(events.length);

    const firstArrival = new Map<string, number>();
    receiver.arrivals.forEach((a, index) => firstArrival.set(a.body.toString(), firstArrival.get(a.body.toString()) ?? index));
    expect(events.length - firstArrival.size).toBe(duplicates);
    const streams = new Map<string, DispatchEventView[]>();
    for (const e of events.filter((e) => e.duplicateOf === null)) streams.set(e.streamKey, [...(streams.get(e.streamKey) ?? []), e]);
    let inversions = 0;
    for (const stream of streams.values()) {
      const arrivalOf = (e: DispatchEventView) => firstArrival.get(dispatcher.eventBody(e.id)!)!;
      stream.sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
      for (let i = 0; i + 1 < stream.length; i++) if (arrivalOf(stream[i]!) > arrivalOf(stream[i + 1]!)) inversions++;
    }
    expect(inversions).toBe(reordered);
  });
});

// ---------- the real backoff schedule, on a fake clock ----------

class FakeClock implements Clock {
  nowMs = Date.parse('2026-03-02T09:00:00.000Z');
  private timers = new Map<number, { at: number; run: () => void }>();
  private nextHandle = 1;
  now = () => this.nowMs;
  setTimer = (run: () => void, delayMs: number) => {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.nowMs + delayMs, run });
    return handle;
  };
  clearTimer = (handle: unknown) => void this.timers.delete(handle as number);
  /** Jumps to the earliest timer and runs it; false when none is set. */
  fireNext(): boolean {
    const [handle, timer] = [...this.timers].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
    if (handle === undefined || timer === undefined) return false;
    this.timers.delete(handle);
    this.nowMs = Math.max(this.nowMs, timer.at);
    timer.run();
    return true;
  }
}

describe('the backoff schedule at real timings (time scale 1), driven by a fake clock', () => {
  it('spaces the 8 attempts by doubling gaps that add up to about 90 minutes', async () => {
    const receiver = await startReceiver(() => ({ status: 503 }));
    const clock = new FakeClock();
    let changed: () => void = () => {};
    const dispatcher = dispatcherFor({ timeScale: 1, deliveriesPerSecond: undefined, clock, onChange: () => changed() });
    dispatcher.orderCreated(orderOf(singleEvent, receiver.url));
    while (dispatcher.state().counts.pending > 0) {
      if (!clock.fireNext()) await new Promise<void>((resolve) => (changed = resolve));
    }
    const starts = only(dispatcher).attempts.map((a) => Date.parse(a.startedAt));
    const gaps = starts.slice(1).map((start, i) => start - starts[i]!);
    expect(gaps).toEqual(Array.from({ length: 7 }, (_, i) => retryDelayMs(i + 1, 1)));
    expect(gaps.reduce((a, b) => a + b, 0) / 60_000).toBeCloseTo(90, 0);
    expect(only(dispatcher).status).toBe('failed_permanently');
    expect(receiver.arrivals.map((a) => Number(a.header('X-Service-Timestamp')))).toEqual(starts.map((s) => Math.floor(s / 1000)));
  });
});
