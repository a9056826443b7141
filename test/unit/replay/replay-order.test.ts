import { describe, expect, it } from 'vitest';
import { replaySequence, summarizeAnswers, type Orderable } from '../../../src/main/core/replay/replay-order';

const at = (id: number, receivedAt: number, eventTime: string | null): Orderable => ({ id, receivedAt, eventTime });
// Arrival order 1..5; event times out of order, one unreadable, one tie broken by arrival.
const items = [
  at(1, 1000, '2026-03-02T10:20:00Z'),
  at(2, 2000, null),
  at(3, 3000, '2026-03-02T10:16:00+01:00'),
  at(4, 4000, '2026-03-02T10:00:00Z'),
  at(5, 5000, '2026-03-02T10:00:00.000Z'),
];
const idsOf = (list: Orderable[]) => list.map((i) => i.id);

describe('the order of a replay many', () => {
  it('sorts by event time as an instant, unreadable times last, ties by arrival', () => {
    expect(idsOf(replaySequence(items, { order: 'event_time', seed: 1 }))).toEqual([3, 4, 5, 1, 2]);
  });

  it('follows a lifecycle’s own order when there is one', () => {
    expect(idsOf(replaySequence(items, { order: 'event_time', seed: 1 }, [5, 1, 3, 2, 4]))).toEqual([5, 1, 3, 2, 4]);
    expect(idsOf(replaySequence(items, { order: 'twice', seed: 1 }, [2, 1, 3, 4, 5]))).toEqual([2, 2, 1, 1, 3, 3, 4, 4, 5, 5]);
  });

  it('sorts by arrival', () => {
    expect(idsOf(replaySequence([...items].reverse(), { order: 'arrival', seed: 1 }))).toEqual([1, 2, 3, 4, 5]);
  });

  it('shuffles the same way for the same seed, whatever order the items came in', () => {
    const a = idsOf(replaySequence(items, { order: 'shuffled', seed: 7 }));
    expect(idsOf(replaySequence([...items].reverse(), { order: 'shuffled', seed: 7 }))).toEqual(a);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5]);
    const seeds = [1, 2, 3, 4, 5, 6].map((seed) => idsOf(replaySequence(items, { order: 'shuffled', seed })).join());
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });

  it('sends each twice in a row, in event-time order', () => {
    expect(idsOf(replaySequence(items, { order: 'twice', seed: 1 }))).toEqual([3, 3, 4, 4, 5, 5, 1, 1, 2, 2]);
  });
});

describe('the summary of the target’s answers', () => {
  it('counts statuses, and every failure as "error" (a stalled answer too)', () => {
    expect(
      summarizeAnswers([
        { response: { status: 200 }, error: null },
        { response: { status: 200 }, error: null },
        { response: { status: 302 }, error: null },
        { response: null, error: 'No connection within 5000 ms.' },
        { response: { status: 200 }, error: 'No response within 10000 ms of inactivity.' },
      ]),
    ).toEqual({ '200': 2, '302': 1, error: 2 });
  });
});
