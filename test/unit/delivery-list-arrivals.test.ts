import { describe, expect, it } from 'vitest';
import type { DeliverySummary } from '../../src/shared/delivery';
import { newestFirst, withArrivals, withGroupCounts } from '../../src/renderer/src/features/deliveries/list-arrivals';

const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);
const byId = (a: number, b: number) => b - a;
const live = (keep: number) => ({ compare: byId, hasMore: false, keep });

describe('the deliveries list as deliveries keep arriving', () => {
  it('puts new deliveries on top and grows up to the bound', () => {
    expect(withArrivals(ids(10, 1), ids(12, 11), live(20))).toEqual({ items: ids(12, 1), trimmed: false });
    expect(withArrivals(ids(18, 1), ids(20, 19), live(20))).toEqual({ items: ids(20, 1), trimmed: false });
  });

  it('past the bound, lets the oldest go as many as arrived, and says there is more below', () => {
    expect(withArrivals(ids(20, 1), ids(23, 21), live(20))).toEqual({ items: ids(23, 4), trimmed: true });
  });

  it('keeps every row the user paged in beyond the bound, the list no longer growing', () => {
    const paged = ids(50, 1);
    const { items, trimmed } = withArrivals(paged, ids(55, 51), live(20));
    expect(items).toEqual(ids(55, 6));
    expect(trimmed).toBe(true);
  });

  it('leaves the list as it is when nothing new came', () => {
    const current = ids(30, 1);
    expect(withArrivals(current, [], live(20)).items).toBe(current);
  });

  it('stays the same size however long deliveries keep coming', () => {
    let items: readonly number[] = ids(2_000, 1);
    for (let next = 2_001; next <= 12_000; next += 50) items = withArrivals(items, ids(next + 49, next), live(2_000)).items;
    expect(items.length).toBe(2_000);
    expect(items[0]).toBe(12_000);
  });

  it('puts an arrival that sorts among the loaded rows in its place, and leaves one below them to paging', () => {
    const current = [100, 80, 60];
    expect(withArrivals(current, [70, 90, 10], { compare: byId, hasMore: false }).items).toEqual([100, 90, 80, 70, 60, 10]);
    expect(withArrivals(current, [70, 10], { compare: byId, hasMore: true }).items).toEqual([100, 80, 70, 60]);
  });
});

function summary(id: number, receivedAt: string, idempotencyKey: string | null = null, duplicateCount = 1): DeliverySummary {
  return {
    id, receivedAt, idempotencyKey, duplicateCount, method: 'POST', path: '/', tls: true, event: null, payoutType: null,
    form: 'unknown', signature: 'missing', subject: null, responseStatus: 200, bodySize: 0,
    findingCounts: { error: 0, warning: 0, info: 0 }, imported: false, source: null,
  };
}

describe('the order of the list', () => {
  it('by receive time puts an imported older delivery below a live one stored before it, ties by id', () => {
    const live1 = summary(1, '2026-03-09T10:00:00.000Z');
    const imported = summary(2, '2026-03-02T10:00:00.000Z');
    const sameTime = summary(3, '2026-03-09T10:00:00.000Z');
    expect([live1, imported, sameTime].sort(newestFirst('received')).map((d) => d.id)).toEqual([3, 1, 2]);
    expect([live1, imported, sameTime].sort(newestFirst('stored')).map((d) => d.id)).toEqual([3, 2, 1]);
  });
});

describe('duplicate counts as retries arrive', () => {
  it('brings the loaded copies of a retried delivery up to the group count the retry carries', () => {
    const first = summary(1, '2026-03-09T10:00:00.000Z', 'k', 1);
    const other = summary(2, '2026-03-09T10:00:01.000Z', 'j', 1);
    const updated = withGroupCounts([other, first], [summary(3, '2026-03-09T10:00:02.000Z', 'k', 2)]);
    expect(updated.map((d) => d.duplicateCount)).toEqual([1, 2]);
    expect(updated[0]).toBe(other);
  });

  it('leaves the list as it is when no arrival shares a key with it', () => {
    const current = [summary(1, '2026-03-09T10:00:00.000Z', 'k')];
    expect(withGroupCounts(current, [summary(2, '2026-03-09T10:00:01.000Z', null)])).toBe(current);
  });
});
