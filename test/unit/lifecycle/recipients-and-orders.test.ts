import { describe, expect, it } from 'vitest';
import { orderSummary, recipientView, summarizeLifecycle } from '../../../src/main/core/analysis/lifecycle';
import type { LifecycleSummary } from '../../../src/shared/lifecycle';
import { formALifecycle, formAQuoteCanceled, formAQuoteCreated, formAStatusChanged, ids } from '../../fixtures/payloads';
import { at, rebuild } from './helpers';

const order = ids.payoutOrder;
const adaKey = `${order}|ada@example.com`;

function summary(overrides: Partial<LifecycleSummary>): LifecycleSummary {
  return {
    key: 'send:1',
    kind: 'crypto_send',
    subject: '1',
    orderUuid: order,
    recipientKey: adaKey,
    recipientEmail: 'ada@example.com',
    currentStatus: 'in_progress',
    terminal: false,
    reordered: false,
    eventCount: 1,
    deliveryCount: 1,
    firstEventTime: '2026-03-02T09:00:00Z',
    lastEventTime: '2026-03-02T09:00:00Z',
    findingCounts: { error: 0, warning: 0, info: 0 },
    findingCodes: [],
    ...overrides,
  };
}

/** A second send for the same recipient: its quote was reopened after the first was canceled. */
const reopened = (body: Record<string, unknown>, time: string) => at({ ...body, external_send_id: '48214' }, time);

describe('summarizeLifecycle', () => {
  it('counts events, deliveries and findings, and spans the event times', () => {
    const [created, changed, completed, followUp] = formALifecycle() as Array<Record<string, unknown>>;
    const lifecycle = rebuild([changed!, followUp!, created!, changed!, completed!, { ...formAStatusChanged(), occurred_at: 'later' }]);
    expect(summarizeLifecycle(lifecycle)).toEqual({
      key: `send:${ids.externalSendId}`,
      kind: 'crypto_send',
      subject: ids.externalSendId,
      orderUuid: order,
      recipientKey: adaKey,
      recipientEmail: 'ada@example.com',
      currentStatus: 'completed',
      terminal: true,
      reordered: true,
      eventCount: 5,
      deliveryCount: 6,
      firstEventTime: '2026-03-02T09:00:01Z',
      lastEventTime: '2026-03-02T09:12:00Z',
      // The untimed status_changed is placed last but is not "after" the terminal_state: it has no event time.
      findingCounts: { error: 0, warning: 1, info: 0 },
      findingCodes: ['lifecycle.event_time_unusable'],
    });
  });
});

describe('recipientView', () => {
  it('lists a recipient\'s sends in time order, its latest state from the latest send', () => {
    const canceled = summarizeLifecycle(rebuild([formAQuoteCreated(), formAQuoteCanceled()]));
    const second = summarizeLifecycle(
      rebuild([reopened(formAQuoteCreated(), '2026-03-02T09:03:00Z'), reopened(formAStatusChanged(), '2026-03-02T10:06:00+01:00')]),
    );
    const view = recipientView(adaKey, [second, canceled]);
    expect(view).toMatchObject({ recipientKey: adaKey, orderUuid: order, email: 'ada@example.com', latestStatus: 'processing' });
    expect(view.lifecycles.map((l) => l.subject)).toEqual([ids.externalSendId, '48214']);
  });

  it('compares times as instants and puts lifecycles without times last', () => {
    const timed = (key: string, time: string | null, currentStatus: string) =>
      summary({ key, firstEventTime: time, lastEventTime: time, currentStatus });
    // 10:30+01:00 is 09:30Z: earlier than 09:45Z although later as text.
    const a = timed('a', '2026-03-02T10:30:00+01:00', 'opened');
    const b = timed('b', '2026-03-02T09:45:00Z', 'latest');
    const c = timed('c', null, 'untimed');
    const view = recipientView(adaKey, [c, b, a]);
    expect(view.lifecycles.map((l) => l.key)).toEqual(['a', 'b', 'c']);
    expect(view.latestStatus).toBe('latest');
  });

  it('takes the order from the key when the lifecycles name none', () => {
    const view = recipientView(`${order}|(unknown recipient)`, [summary({ orderUuid: null, recipientKey: null, recipientEmail: null })]);
    expect(view).toMatchObject({ orderUuid: order, email: null });
  });
});

describe('orderSummary (derived: the service reports no order status)', () => {
  const bob = `${order}|bob@example.com`;
  const lifecycles = [
    summary({ key: 'send:1', currentStatus: 'canceled', terminal: true, lastEventTime: '2026-03-02T09:02:00Z' }),
    summary({
      key: 'send:2',
      currentStatus: 'completed',
      terminal: true,
      firstEventTime: '2026-03-02T09:03:00Z',
      lastEventTime: '2026-03-02T09:20:00Z',
    }),
    summary({
      key: 'gift:bob',
      kind: 'gift_card_recipient',
      recipientKey: bob,
      currentStatus: 'redeemed',
      terminal: true,
      lastEventTime: '2026-03-02T11:30:00+01:00',
      findingCounts: { error: 1, warning: 2, info: 0 },
    }),
    summary({
      key: 'gift:payout:1',
      kind: 'gift_card_payout',
      recipientKey: bob,
      currentStatus: 'processing',
      lastEventTime: '2026-03-02T10:00:00Z',
    }),
  ];

  it('counts each recipient once, under its latest state', () => {
    expect(orderSummary(order, lifecycles)).toEqual({
      orderUuid: order,
      recipients: 2,
      lifecycles: 4,
      countsByStatus: { completed: 1, redeemed: 1 },
      createdRecipients: null,
      unnamedRecipients: 0,
      unheardRecipients: 0,
      allTerminal: true,
      firstEventTime: '2026-03-02T09:00:00Z',
      lastEventTime: '2026-03-02T11:30:00+01:00',
      findingCounts: { error: 1, warning: 2, info: 0 },
    });
  });

  it('is not all terminal while a recipient\'s latest lifecycle is open', () => {
    const open = summary({ key: 'send:3', firstEventTime: '2026-03-02T09:30:00Z', lastEventTime: '2026-03-02T09:31:00Z' });
    expect(orderSummary(order, [...lifecycles, open])).toMatchObject({
      countsByStatus: { in_progress: 1, redeemed: 1 },
      allTerminal: false,
    });
    expect(orderSummary(order, [])).toMatchObject({ recipients: 0, countsByStatus: {}, allTerminal: false, firstEventTime: null });
  });

  it('is never all terminal while recipients the order was created with are not named by any event', () => {
    // Ada and Bob are terminal; the third recipient's send was Form B, which names no order.
    expect(orderSummary(order, lifecycles, 3)).toMatchObject({ recipients: 2, createdRecipients: 3, unnamedRecipients: 1, allTerminal: false });
    expect(orderSummary(order, lifecycles, 2)).toMatchObject({ createdRecipients: 2, unnamedRecipients: 0, unheardRecipients: 0, allTerminal: true });
  });

  it('says a recipient no event names was not heard from only when no Form B send stored could be theirs', () => {
    // A crypto order: each Form B send stored may be an unnamed recipient's.
    expect(orderSummary(order, lifecycles, 4, 0)).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 2 });
    expect(orderSummary(order, lifecycles, 4, 1)).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 1 });
    expect(orderSummary(order, lifecycles, 4, 2)).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 0, allTerminal: false });
    expect(orderSummary(order, lifecycles, 4, 9)).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 0 });
    // A gift-card order has no Form B sends: its unnamed recipients were not heard from, whatever crypto sends arrived.
    const giftOnly = lifecycles.filter((l) => l.kind !== 'crypto_send');
    expect(giftOnly.length).toBeGreaterThan(0);
    expect(orderSummary(order, giftOnly, 3, 5)).toMatchObject({ unnamedRecipients: 2, unheardRecipients: 2 });
  });

  it('does not count a lifecycle of unrecognized events only as an open send', () => {
    const walletVerified = { ...formAStatusChanged(), event: 'recipient.wallet_verified', payout_type: 'crypto', external_send_id: '777' };
    const phantom = summarizeLifecycle(rebuild([walletVerified]));
    expect(phantom).toMatchObject({ orderUuid: null, currentStatus: null, terminal: false });
    // The order's lifecycles are those that name it: the phantom is not one of them.
    expect(orderSummary(order, [...lifecycles, phantom].filter((l) => l.orderUuid === order))).toMatchObject({ allTerminal: true });
  });

  it('counts a status named like an object key as a plain status', () => {
    const counts = orderSummary(order, [summary({ currentStatus: '__proto__' })]).countsByStatus;
    expect(Object.entries(counts)).toEqual([['__proto__', 1]]);
  });
});
