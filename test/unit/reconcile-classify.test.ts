import { describe, expect, it } from 'vitest';
import type { ApiPayoutView } from '../../src/shared/reconcile';
import { readApiOrder, readApiPayout, withOrderFacts, indexOrders } from '../../src/main/core/reconcile/api-records';
import { reconcilePayouts, specRetryWindowMs, type ReconcileInput } from '../../src/main/core/reconcile/classify';
import type { ReconcileDelivery, RuntimeSpan } from '../../src/main/core/store/common/reconcile-records';

const t0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(t0 + minutes * 60_000).toISOString();
const order = '11111111-1111-4111-8111-111111111111';

let nextId = 1;
function delivery(partial: Partial<ReconcileDelivery> & Pick<ReconcileDelivery, 'lifecycleKey' | 'kind' | 'event' | 'status'>): ReconcileDelivery {
  const eventTime = partial.eventTime ?? at(0);
  return {
    id: nextId++,
    receivedAt: Date.parse(eventTime) + 1000,
    orderUuid: order,
    recipientKey: null,
    subject: null,
    eventTime,
    responseStatus: 200,
    responseReason: 'policy: default',
    answeredAfterMs: 2,
    signature: 'valid',
    ...partial,
  };
}

function cryptoSend(sendId: string, email: string, events: Array<[string, string, number, Partial<ReconcileDelivery>?]>): ReconcileDelivery[] {
  return events.map(([event, status, minute, extra]) =>
    delivery({ lifecycleKey: `send:${sendId}`, kind: 'crypto_send', subject: sendId, recipientKey: `${order}|${email}`, event, status, eventTime: at(minute), ...extra }),
  );
}

function payout(partial: Partial<ApiPayoutView>): ApiPayoutView {
  return {
    uuid: null,
    orderUuid: order,
    recipientUuid: null,
    recipientEmail: null,
    sendId: null,
    payoutType: 'crypto',
    status: 'completed',
    createdAt: at(0),
    updatedAt: at(5),
    callbackUrl: 'https://127.0.0.1:8443/hook',
    page: 1,
    index: 0,
    readAt: new Date(t0 + 1000 * 60_000).toISOString(),
    ...partial,
  };
}

/** The receiver ran from minute -10 to minute 200 unless told otherwise. */
const runningThroughout: RuntimeSpan[] = [
  { id: 1, component: 'inspector', detail: {}, startedAt: t0 - 600_000, seenAt: t0 + 200 * 60_000, stoppedAt: t0 + 200 * 60_000, stopReason: 'stopped' },
  { id: 2, component: 'receiver', detail: {}, startedAt: t0 - 600_000, seenAt: t0 + 200 * 60_000, stoppedAt: t0 + 200 * 60_000, stopReason: 'stopped' },
];

function run(partial: Partial<ReconcileInput>) {
  return reconcilePayouts({
    payouts: [],
    deliveries: [],
    spans: runningThroughout,
    now: t0 + 10 * 60_000,
    retryWindowMs: specRetryWindowMs,
    readTimeoutMs: 10_000,
    heartbeatMs: 30_000,
    since: null,
    ...partial,
  });
}

describe('reconcile: classes', () => {
  it('agrees when the terminal webhook says what the API says', () => {
    const deliveries = cryptoSend('101', 'a@x.test', [
      ['payout.quote_created', 'in_progress', 1],
      ['payout.terminal_state', 'completed', 4],
    ]);
    const result = run({ payouts: [payout({ uuid: 'p1', recipientEmail: 'A@x.test' })], deliveries });
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ class: 'agrees', lifecycleKeys: ['send:101'], retry: null, reasons: [] });
    expect(result.counts).toMatchObject({ agrees: 1, behind: 0 });
  });

  it('is behind when the API is further along, naming the events that should have come, within the retry window', () => {
    const deliveries = cryptoSend('102', 'b@x.test', [['payout.quote_created', 'in_progress', 1]]);
    const result = run({ payouts: [payout({ uuid: 'p2', recipientEmail: 'b@x.test', status: 'failed', updatedAt: at(5) })], deliveries });
    const row = result.rows[0]!;
    expect(row.class).toBe('behind');
    expect(row.missingEvents).toEqual(['payout.terminal_state (failed)']);
    expect(row.retry).toMatchObject({ state: 'within', until: new Date(t0 + 5 * 60_000 + specRetryWindowMs).toISOString() });
    expect(row.retry!.text).toContain('the service retries until about');
    // The receiver ran throughout and stored no copy: no attempt reached it.
    expect(row.reasons.map((r) => r.kind)).toEqual(['no_attempt']);
  });

  it('is beyond the retry window once the window has passed: permanently failed', () => {
    const deliveries = cryptoSend('103', 'c@x.test', [['payout.quote_created', 'in_progress', 1]]);
    const result = run({ now: t0 + 150 * 60_000, payouts: [payout({ uuid: 'p3', recipientEmail: 'c@x.test', updatedAt: at(5) })], deliveries });
    expect(result.rows[0]!.retry).toMatchObject({ state: 'beyond' });
    expect(result.rows[0]!.retry!.text).toContain("permanently failed: re-send from the service's dashboard");
    expect(result.beyondRetryWindow).toBe(1);
  });

  it('contradicts when a terminal webhook says one thing and the API another (a status the spec does not list, noted)', () => {
    const deliveries = cryptoSend('104', 'd@x.test', [
      ['payout.quote_created', 'in_progress', 1],
      ['payout.terminal_state', 'completed', 3],
    ]);
    const result = run({ payouts: [payout({ uuid: 'p4', recipientEmail: 'd@x.test', status: 'reversed', updatedAt: at(8) })], deliveries });
    const row = result.rows[0]!;
    expect(row.class).toBe('contradicts');
    expect(row.summary).toBe('a terminal webhook says completed, the API says reversed');
    expect(row.notes.join('\n')).toContain('"reversed" is not one the spec lists');
    expect(row.notes.join('\n')).toContain('after the last webhook');
  });

  it('never heard: no webhook at all; an order without callback_url is said to send none', () => {
    const result = run({
      payouts: [
        payout({ uuid: 'p5', recipientEmail: 'e@x.test' }),
        payout({ uuid: 'p6', recipientEmail: 'f@x.test', callbackUrl: null }),
        payout({ uuid: 'p7', recipientEmail: 'g@x.test', status: 'pending' }),
      ],
    });
    const [heardNothing, noCallback, pending] = result.rows;
    expect(heardNothing).toMatchObject({ class: 'never_heard', missingEvents: ['payout.quote_created', 'payout.terminal_state (completed)'] });
    expect(heardNothing!.reasons.map((r) => r.kind)).toEqual(['no_attempt']);
    expect(noCallback).toMatchObject({ class: 'never_heard', retry: { state: 'not_sent' } });
    expect(noCallback!.reasons.map((r) => r.kind)).toEqual(['no_callback_url']);
    expect(pending).toMatchObject({ class: 'agrees' });
  });

  it('unknown to the API: webhooks no listed payout claims, with their signature verdicts', () => {
    const deliveries = cryptoSend('105', 'h@x.test', [['payout.terminal_state', 'completed', 2, { signature: 'invalid' }]]);
    const result = run({ payouts: [], deliveries });
    expect(result.rows[0]).toMatchObject({ class: 'unknown_to_api', id: 'lifecycle:send:105', signatures: { invalid: 1 } });
    expect(result.rows[0]!.notes[0]).toContain('forged, or signed by another account');
  });

  it('gift cards match by recipient UUID; a Form B send is unmatched, said why', () => {
    const recipient = '22222222-2222-4222-8222-222222222222';
    const deliveries = [
      delivery({ lifecycleKey: `gift:${order}|${recipient}|recipient`, kind: 'gift_card_recipient', subject: recipient, event: 'payout.processing', status: 'sent', eventTime: at(1) }),
      delivery({ lifecycleKey: `gift:${order}|${recipient}|recipient`, kind: 'gift_card_recipient', subject: recipient, event: 'payout.processing', status: 'viewed', eventTime: at(2) }),
      delivery({ lifecycleKey: 'form_b:777', kind: 'crypto_form_b', orderUuid: null, subject: '777', event: 'payout.processing', status: 'confirming' }),
    ];
    const result = run({ payouts: [payout({ uuid: 'p8', payoutType: 'gift_cards', recipientUuid: recipient, status: 'redeemed' })], deliveries });
    expect(result.rows[0]).toMatchObject({ class: 'behind', missingEvents: ['payout.processing (recipient, redeemed)'] });
    expect(result.unmatched).toEqual([expect.objectContaining({ what: 'lifecycle', id: 'form_b:777' })]);
  });
});

describe('reconcile: gift cards', () => {
  const recipient = '33333333-3333-4333-8333-333333333333';
  const stream = (status: string, minute: number) =>
    delivery({ lifecycleKey: `gift:${order}|${recipient}|recipient`, kind: 'gift_card_recipient', subject: recipient, event: 'payout.processing', status, eventTime: at(minute) });
  const card = (event: string, status: string, minute: number) =>
    delivery({ lifecycleKey: 'gift:payout:g1', kind: 'gift_card_payout', subject: 'g1', event, status, eventTime: at(minute) });

  it("a card payout that failed decides the recipient's payout; one that completed does not stand for its redemption", () => {
    const failed = run({ payouts: [payout({ uuid: 'g1', payoutType: 'gift_cards', recipientUuid: recipient, status: 'failed' })], deliveries: [stream('sent', 1), stream('viewed', 2), card('payout.failed', 'failed', 3)] });
    expect(failed.rows[0]).toMatchObject({ class: 'agrees', heard: { status: 'failed', terminal: true } });
    const redeemed = run({ payouts: [payout({ uuid: 'g1', payoutType: 'gift_cards', recipientUuid: recipient, status: 'redeemed' })], deliveries: [stream('sent', 1), stream('viewed', 2), card('payout.processing', 'completed', 3)] });
    expect(redeemed.rows[0]).toMatchObject({ class: 'behind', missingEvents: ['payout.processing (recipient, redeemed)'] });
  });
});

describe('reconcile: reasons from the records', () => {
  it('a 4xx names the rule that answered it and abandons the event at once', () => {
    const deliveries = cryptoSend('201', 'r@x.test', [
      ['payout.quote_created', 'in_progress', 1],
      ['payout.terminal_state', 'completed', 4, { responseStatus: 422, responseReason: 'policy: answer 422' }],
    ]);
    const row = run({ payouts: [payout({ uuid: 'q1', recipientEmail: 'r@x.test' })], deliveries }).rows[0]!;
    expect(row.class).toBe('behind');
    expect(row.reasons).toEqual([expect.objectContaining({ kind: 'answered_4xx', status: 422, rule: 'policy: answer 422', deliveryIds: [deliveries[1]!.id] })]);
    expect(row.retry!.state).toBe('beyond');
  });

  it('a 5xx and a 3xx are retried; a copy later accepted is no reason', () => {
    const deliveries = cryptoSend('202', 's@x.test', [
      ['payout.quote_created', 'in_progress', 1, { responseStatus: 503, responseReason: 'policy: fail the next deliveries (0 left)' }],
      ['payout.quote_created', 'in_progress', 1],
      ['payout.status_changed', 'processing', 2, { responseStatus: 302, responseReason: 'policy: answer 302' }],
      ['payout.terminal_state', 'completed', 4, { responseStatus: 500, responseReason: 'policy: answer 500' }],
    ]);
    const row = run({ payouts: [payout({ uuid: 'q2', recipientEmail: 's@x.test' })], deliveries }).rows[0]!;
    expect(row.class).toBe('behind');
    expect(row.reasons.map((r) => [r.kind, r.status])).toEqual([
      ['answered_3xx', 302],
      ['answered_5xx', 500],
    ]);
    expect(row.retry!.state).toBe('within');
  });

  it('an answer later than the read timeout is a failure the service retried, whatever its status (a late 4xx abandons nothing)', () => {
    const late = { responseReason: 'policy: after 12000 ms' };
    const deliveries = cryptoSend('204', 'w@x.test', [
      ['payout.quote_created', 'in_progress', 1, { answeredAfterMs: 9_990 }],
      ['payout.terminal_state', 'completed', 4, { ...late, answeredAfterMs: 12_004 }],
      ['payout.terminal_state', 'completed', 4, { ...late, answeredAfterMs: 12_950 }],
      ['payout.terminal_state', 'completed', 4, { ...late, responseStatus: 422, responseReason: 'policy: answer 422', answeredAfterMs: 10_000 }],
    ]);
    const row = run({ payouts: [payout({ uuid: 'q4', recipientEmail: 'w@x.test' })], deliveries }).rows[0]!;
    // The quote answered at 9.99 s was in time: heard. The terminal event's 200s came too late: behind.
    expect(row.class).toBe('behind');
    expect(row.heard).toMatchObject({ status: 'in_progress', accepted: 1, refused: 3 });
    expect(row.reasons.map((r) => [r.kind, r.status, r.deliveryIds])).toEqual([
      ['answered_late', 200, [deliveries[1]!.id, deliveries[2]!.id]],
      ['answered_late', 422, [deliveries[3]!.id]],
    ]);
    expect(row.reasons[0]!.text).toContain('only after 12 s to 12.9 s: later than the service waits (10 s, spec 8), so it counted a failure and retried');
    expect(row.retry!.state).toBe('within');
    // A simulator started with a 15 s read timeout waited for them: then they were heard.
    expect(run({ payouts: [payout({ uuid: 'q4', recipientEmail: 'w@x.test' })], deliveries, readTimeoutMs: 15_000 }).rows[0]!.class).toBe('agrees');
  });

  it('a signature rejected by the policy, or invalid though answered 2xx', () => {
    const deliveries = cryptoSend('203', 'u@x.test', [
      ['payout.quote_created', 'in_progress', 1],
      ['payout.status_changed', 'processing', 2, { signature: 'invalid' }],
      ['payout.terminal_state', 'completed', 4, { responseStatus: 401, responseReason: 'policy: reject signatures that are not valid (invalid)', signature: 'invalid' }],
    ]);
    const row = run({ payouts: [payout({ uuid: 'q3', recipientEmail: 'u@x.test' })], deliveries }).rows[0]!;
    expect(row.reasons.map((r) => r.kind)).toEqual(['signature_rejected', 'signature_rejected']);
    expect(row.heard.status).toBe('in_progress');
  });

  it('a stretch without a receiver, and the relay source down, from the spans; before the records, not known', () => {
    const spans: RuntimeSpan[] = [
      { id: 1, component: 'receiver', detail: {}, startedAt: t0, seenAt: t0 + 2 * 60_000, stoppedAt: t0 + 2 * 60_000, stopReason: 'stopped' },
      // Open, but not seen for long: the process died when it was last seen.
      { id: 2, component: 'receiver', detail: {}, startedAt: t0 + 6 * 60_000, seenAt: t0 + 7 * 60_000, stoppedAt: null, stopReason: null },
      { id: 3, component: 'relay_source', detail: { state: 'unreachable', relay: 'relay:r.example', error: 'ECONNREFUSED' }, startedAt: t0 + 3 * 60_000, seenAt: t0 + 4 * 60_000, stoppedAt: t0 + 4 * 60_000, stopReason: 'connected' },
    ];
    const deliveries = cryptoSend('204', 'v@x.test', [['payout.quote_created', 'in_progress', 1]]);
    const row = run({ spans, now: t0 + 30 * 60_000, payouts: [payout({ uuid: 'q4', recipientEmail: 'v@x.test', updatedAt: at(3) })], deliveries }).rows[0]!;
    expect(row.reasons.map((r) => [r.kind, r.from, r.to])).toEqual([
      ['receiver_down', at(2), at(6)],
      ['receiver_down', at(7), at(30)],
      ['relay_source_down', at(3), at(4)],
    ]);

    const early = run({ spans, now: t0 + 30 * 60_000, payouts: [payout({ uuid: 'q5', recipientEmail: 'w@x.test', createdAt: at(-5), updatedAt: at(1) })] }).rows[0]!;
    expect(early.reasons[0]).toMatchObject({ kind: 'records_begin_later', from: at(-5), to: at(0) });
    expect(early.reasons.map((r) => r.kind)).not.toContain('no_attempt');
  });

  it('--since leaves out payouts changed before it, but they still claim their webhooks', () => {
    const deliveries = cryptoSend('205', 'old@x.test', [['payout.terminal_state', 'completed', 1]]);
    const result = run({ since: t0 + 60_000, payouts: [payout({ uuid: 'old', recipientEmail: 'old@x.test', updatedAt: at(0) })], deliveries });
    expect(result.rows).toEqual([]);
  });
});

describe('reconcile: reading the API tolerantly', () => {
  it('reads nested and missing fields, fills from the orders, and says what it cannot use', () => {
    expect(readApiPayout('x', 2, 3)).toMatchObject({ what: 'api_payout', why: 'item 4 of page 2 is not a JSON object' });
    expect(readApiPayout({ status: 'completed', extra: { a: 1 } }, 1, 0)).toMatchObject({ what: 'api_payout' });
    const read = readApiPayout({ id: 'p9', payout_order: { uuid: order }, state: 'on_hold', updated_at: 'not a time', new_field: true }, 1, 0) as ApiPayoutView;
    expect(read).toMatchObject({ uuid: 'p9', orderUuid: order, status: 'on_hold', updatedAt: null, recipientEmail: null });
    const orders = indexOrders([readApiOrder({ uuid: order, callback_url: null, recipients: [{ uuid: 'r9', payout_uuid: 'p9', email: 'z@x.test' }] })!]);
    expect(withOrderFacts(read, orders.byUuid, orders.byPayoutUuid)).toMatchObject({ recipientUuid: 'r9', recipientEmail: 'z@x.test', callbackUrl: null });
  });
});
