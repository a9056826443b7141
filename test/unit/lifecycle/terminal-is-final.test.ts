import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTerminalEvent } from '../../../src/main/core/analysis/lifecycle';
import type { Lifecycle, LifecycleKind } from '../../../src/shared/lifecycle';
import {
  formALifecycle,
  formAQuoteCanceled,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalCompleted,
  formATerminalFailed,
  formATerminalUnfunded,
  formBBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
  ids,
} from '../../fixtures/payloads';
import { at, rebuild, type Json } from './helpers';

const later = '2026-03-02T23:00:00Z';
const flags = (lifecycle: Lifecycle) => lifecycle.events.map((e) => [e.event, e.status, e.afterTerminal]);

describe('a terminal status is final (spec 3)', () => {
  it('keeps a failed send failed when a status_changed comes later in event time, in any arrival order', () => {
    const bodies = [formAQuoteCreated(), formATerminalFailed(), at(formAStatusChanged(), later)];
    for (const arrived of [bodies, [...bodies].reverse()]) {
      const lifecycle = rebuild(arrived);
      expect(lifecycle).toMatchObject({ currentStatus: 'failed', terminal: true });
      expect(flags(lifecycle)).toEqual([
        ['payout.quote_created', 'in_progress', false],
        ['payout.terminal_state', 'failed', false],
        ['payout.status_changed', 'processing', true],
      ]);
      expect(lifecycle.events[2]?.findings.map((f) => f.code)).toEqual(['lifecycle.event_after_terminal']);
    }
  });

  it('does not mark a status_changed that arrives after the terminal_state but happened before it', () => {
    const lifecycle = rebuild([formAQuoteCreated(), formATerminalFailed(), formAStatusChanged()]);
    expect(lifecycle).toMatchObject({ currentStatus: 'failed', terminal: true });
    expect(lifecycle.events.map((e) => e.afterTerminal)).toEqual([false, false, false]);
  });

  it('keeps the tx_hash follow-up as it is: the later terminal_state decides and is not marked', () => {
    const lifecycle = rebuild([...formALifecycle(), at(formAStatusChanged('in_progress'), later)]);
    expect(lifecycle).toMatchObject({ currentStatus: 'completed', terminal: true });
    expect(lifecycle.events.map((e) => e.afterTerminal)).toEqual([false, false, false, false, true]);
  });

  it('takes the latest terminal event in event time when several exist', () => {
    const failedLater = at(formATerminalFailed(), '2026-03-02T09:11:00Z');
    expect(rebuild([failedLater, formAQuoteCreated(), formATerminalCompleted()])).toMatchObject({ currentStatus: 'failed', terminal: true });
  });

  it('keeps a canceled quote canceled', () => {
    const lifecycle = rebuild([formAQuoteCreated(), formAQuoteCanceled(), at(formAStatusChanged(), later)]);
    expect(lifecycle).toMatchObject({ currentStatus: 'canceled', terminal: true });
  });

  it('holds for gift-card recipient and payout streams', () => {
    const redeemed = at(giftCardRecipientBody({ status: 'redeemed' }), '2026-03-02T12:00:00Z');
    const viewedLater = at(giftCardRecipientBody({ status: 'viewed' }), later);
    expect(rebuild([viewedLater, redeemed])).toMatchObject({ currentStatus: 'redeemed', terminal: true });
    expect(rebuild([redeemed, viewedLater]).events.map((e) => e.afterTerminal)).toEqual([false, true]);

    const completed = giftCardPayoutProcessingBody('25.00', { status: 'completed', updated_at: '2026-03-02T12:00:00Z' });
    const processingLater = giftCardPayoutProcessingBody('25.00', { updated_at: later });
    expect(rebuild([completed, processingLater])).toMatchObject({ kind: 'gift_card_payout', currentStatus: 'completed', terminal: true });
  });

  it('holds for Form B, whose order is arrival: a payout.processing arriving after payout.failed changes nothing', () => {
    const failed = formBBody('payout.failed', { status: 'failed' });
    const lifecycle = rebuild([failed, formBBody('payout.processing', { status: 'retrying' })]);
    expect(lifecycle).toMatchObject({ currentStatus: 'failed', terminal: true });
    expect(lifecycle.events.map((e) => e.afterTerminal)).toEqual([false, true]);
  });
});

describe('unrecognized events', () => {
  const walletVerified = (time: string) => at({ ...formAStatusChanged('processing'), event: 'recipient.wallet_verified', payout_type: 'crypto' }, time);

  it('are shown, marked, and never set a status', () => {
    const lifecycle = rebuild([formAQuoteCreated(), walletVerified('2026-03-02T09:30:00Z')]);
    expect(lifecycle).toMatchObject({ currentStatus: 'in_progress', terminal: false });
    expect(lifecycle.events.map((e) => [e.event, e.unrecognized])).toEqual([
      ['payout.quote_created', false],
      ['recipient.wallet_verified', true],
    ]);
  });

  it('alone make a lifecycle with no status and no order, so it counts in no order', () => {
    const lifecycle = rebuild([walletVerified('2026-03-02T09:30:00Z')]);
    expect(lifecycle).toMatchObject({ currentStatus: null, terminal: false, orderUuid: null, recipientKey: null });
    expect(lifecycle.events[0]?.unrecognized).toBe(true);
  });

  it('do not move a gift-card recipient stream either', () => {
    const reminder = at(giftCardRecipientBody({ event: 'recipient.reminder_sent', status: 'reminded' }), later);
    expect(rebuild([giftCardRecipientBody(), reminder])).toMatchObject({ currentStatus: 'sent', orderUuid: ids.payoutOrder });
  });
});

/** Events of one send or stream, each picked from these builders, every one at its own instant. */
const streams: Array<[string, LifecycleKind, Record<string, () => Json>]> = [
  [
    'a crypto send',
    'crypto_send',
    {
      created: () => formAQuoteCreated(),
      processing: () => formAStatusChanged('processing'),
      inProgress: () => formAStatusChanged('in_progress'),
      canceled: () => formAQuoteCanceled(),
      completed: () => formATerminalCompleted(),
      failed: () => formATerminalFailed(),
      expired: () => formATerminalUnfunded('expired'),
      unknown: () => ({ ...formAStatusChanged('processing'), event: 'recipient.wallet_verified', payout_type: 'crypto' }),
    },
  ],
  [
    'a gift-card recipient stream',
    'gift_card_recipient',
    {
      sent: () => giftCardRecipientBody(),
      viewed: () => giftCardRecipientBody({ status: 'viewed' }),
      redeemed: () => giftCardRecipientBody({ status: 'redeemed' }),
      failed: () => giftCardRecipientBody({ event: 'payout.failed', status: 'failed' }),
      reminder: () => giftCardRecipientBody({ event: 'recipient.reminder_sent', status: 'viewed' }),
    },
  ],
];

const start = Date.parse('2026-03-02T09:00:00Z');

function timedBodies(builders: Record<string, () => Json>) {
  return fc
    .uniqueArray(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 8 })
    .chain((minutes) =>
      fc
        .array(fc.constantFrom(...Object.keys(builders)), { minLength: minutes.length, maxLength: minutes.length })
        .map((names) => names.map((name, i) => at(builders[name]!(), new Date(start + minutes[i]! * 60_000).toISOString()))),
    );
}

/** Any arrival order, with any events delivered again. */
function arrivalsOf(bodies: Json[]) {
  return fc
    .tuple(fc.shuffledSubarray(bodies, { minLength: bodies.length, maxLength: bodies.length }), fc.array(fc.nat(), { maxLength: 6 }))
    .map(([order, again]) => [...order, ...again.map((i) => bodies[i % bodies.length]!)]);
}

const eventTime = (body: Json) => Date.parse(String(body.occurred_at ?? body.updated_at));

describe.each(streams)('%s', (_name, kind, builders) => {
  it('ends at the status of its latest terminal event in event time, whatever follows and however it arrives', () => {
    fc.assert(
      fc.property(
        timedBodies(builders).chain((bodies) => fc.tuple(fc.constant(bodies), arrivalsOf(bodies))),
        ([bodies, arrived]) => {
          const recognized = bodies.filter((b) => !String(b.event).startsWith('recipient.'));
          const terminals = recognized
            .filter((b) => isTerminalEvent(kind, String(b.event), String(b.status)))
            .sort((a, b) => eventTime(a) - eventTime(b));
          const lifecycle = rebuild(arrived);
          expect(lifecycle.terminal).toBe(terminals.length > 0);
          if (terminals.length > 0) expect(lifecycle.currentStatus).toBe(terminals.at(-1)!.status);
          expect(lifecycle.currentStatus).toBe(rebuild(bodies).currentStatus);
        },
      ),
      { numRuns: 300 },
    );
  });
});
