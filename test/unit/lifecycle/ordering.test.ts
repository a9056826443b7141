import { describe, expect, it } from 'vitest';
import { compareTimeTexts, parseInstant, reconstructLifecycle } from '../../../src/main/core/analysis/lifecycle';
import { formALifecycle, formAQuoteCreated, formAStatusChanged, formBBody, ids } from '../../fixtures/payloads';
import { at, codesOf, deliveries, eventNames, rebuild } from './helpers';

const [quoteCreated, statusChanged, completed, followUp] = formALifecycle() as [
  Record<string, unknown>,
  Record<string, unknown>,
  Record<string, unknown>,
  Record<string, unknown>,
];

describe('event-time order', () => {
  it('orders by occurred_at whatever the arrival, and shows both ranks', () => {
    const lifecycle = rebuild([completed, quoteCreated, followUp, statusChanged]);
    expect(eventNames(lifecycle)).toEqual([
      'payout.quote_created',
      'payout.status_changed',
      'payout.terminal_state',
      'payout.terminal_state',
    ]);
    expect(lifecycle.events.map((e) => [e.eventRank, e.arrivalRank])).toEqual([
      [1, 2],
      [2, 4],
      [3, 1],
      [4, 3],
    ]);
    expect(lifecycle.events.map((e) => e.deliveryIds)).toEqual([[2], [4], [1], [3]]);
    expect(lifecycle.reordered).toBe(true);
    expect(lifecycle.findings).toEqual([]);
  });

  it('is not reordered when the deliveries arrive in event-time order', () => {
    const lifecycle = rebuild(formALifecycle());
    expect(lifecycle.reordered).toBe(false);
    expect(lifecycle.events.every((e) => e.eventRank === e.arrivalRank && !e.tie)).toBe(true);
  });

  it('compares times as instants across offsets, not as strings', () => {
    // 10:04:00+01:00 is 09:04Z: before status_changed at 09:05Z although it sorts after it as text.
    const early = at(formAStatusChanged('in_progress'), '2026-03-02T10:04:00+01:00');
    const lifecycle = rebuild([at(formAStatusChanged(), '2026-03-02T09:05:00Z'), early, quoteCreated]);
    expect(lifecycle.events.map((e) => e.eventTime)).toEqual([
      '2026-03-02T09:00:01Z',
      '2026-03-02T10:04:00+01:00',
      '2026-03-02T09:05:00Z',
    ]);
    expect(lifecycle.currentStatus).toBe('processing');
  });

  it('tells apart fractions finer than a millisecond, and equal instants written differently', () => {
    expect(compareTimeTexts('2026-03-02T09:00:00.0001Z', '2026-03-02T09:00:00.0002Z')).toBe(-1);
    expect(compareTimeTexts('2026-03-02T09:00:00.500Z', '2026-03-02T10:00:00.5+01:00')).toBe(0);
    expect(compareTimeTexts('0099-01-01T00:00:00Z', '1999-01-01T00:00:00Z')).toBe(-1);
    expect(parseInstant('2026-03-02 09:00:00')).toBeNull();
    expect(parseInstant('2026-03-02T09:00:00')).toBeNull();
  });

  it('keeps arrival order between events at the same instant, and flags them as a tie', () => {
    const processing = at(formAStatusChanged('processing'), '2026-03-02T09:05:00Z');
    const sameMoment = at(formAStatusChanged('in_progress'), '2026-03-02T10:05:00+01:00');
    const lifecycle = rebuild([quoteCreated, processing, sameMoment]);
    expect(lifecycle.events.map((e) => [e.status, e.tie])).toEqual([
      ['in_progress', false],
      ['processing', true],
      ['in_progress', true],
    ]);
    expect(lifecycle.currentStatus).toBe('in_progress');
    expect(rebuild([quoteCreated, sameMoment, processing]).currentStatus).toBe('processing');
  });

  it('collapses duplicates onto their first copy, listing every delivery id in arrival order', () => {
    const lifecycle = rebuild([statusChanged, quoteCreated, statusChanged, completed, statusChanged, quoteCreated]);
    expect(lifecycle.events.map((e) => e.deliveryIds)).toEqual([[2, 6], [1, 3, 5], [4]]);
    expect(lifecycle.events.map((e) => e.arrivalRank)).toEqual([2, 1, 3]);
    expect(lifecycle.events[1]?.idempotencyKey).toBe(`payout.status_changed|${ids.externalSendId}|processing|2026-03-02T09:05:00Z`);
  });

  it('treats a delivery without an idempotency key as its own event', () => {
    const list = deliveries([statusChanged, statusChanged]).map((d) => ({ ...d, idempotencyKey: null }));
    const lifecycle = reconstructLifecycle(`send:${ids.externalSendId}`, 'crypto_send', list);
    expect(lifecycle.events.map((e) => e.deliveryIds)).toEqual([[1], [2]]);
    expect(lifecycle.events.every((e) => e.tie)).toBe(true);
  });

  it('places an event without a readable occurred_at after the timed ones, with a warning', () => {
    const lifecycle = rebuild([at(formAStatusChanged(), 'yesterday'), quoteCreated, completed]);
    expect(lifecycle.events.map((e) => e.eventRank)).toEqual([1, 2, 3]);
    expect(lifecycle.events[2]).toMatchObject({ eventTime: 'yesterday', arrivalRank: 1, tie: false });
    expect(lifecycle.events[2]?.findings).toEqual([
      expect.objectContaining({ code: 'lifecycle.event_time_unusable', severity: 'warning', path: '$.occurred_at' }),
    ]);
    expect(lifecycle.currentStatus).toBe('completed');
    expect(codesOf(lifecycle)).toEqual(['lifecycle.event_time_unusable']);
  });

  it('keeps Form B, which has no event time, in arrival order without ties or reordering', () => {
    const lifecycle = rebuild([formBBody(), formBBody('payout.failed', { status: 'failed' }), formBBody()]);
    expect(lifecycle.events.map((e) => [e.event, e.eventTime, e.tie, e.deliveryIds])).toEqual([
      ['payout.processing', null, false, [1, 3]],
      ['payout.failed', null, false, [2]],
    ]);
    expect(lifecycle).toMatchObject({ reordered: false, currentStatus: 'failed', terminal: true, findings: [] });
  });

  it('reads subject, order and recipient from the events', () => {
    expect(rebuild([statusChanged, formAQuoteCreated()])).toMatchObject({
      key: `send:${ids.externalSendId}`,
      kind: 'crypto_send',
      subject: ids.externalSendId,
      orderUuid: ids.payoutOrder,
      recipientKey: `${ids.payoutOrder}|ada@example.com`,
      recipientEmail: 'ada@example.com',
    });
  });
});
