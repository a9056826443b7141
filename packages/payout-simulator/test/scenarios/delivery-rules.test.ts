import { describe, expect, it } from 'vitest';
import { maxAttempts, retryDelayMs } from 'payout-simulator/internal/dispatcher/backoff';
import { planDeliveries } from 'payout-simulator/internal/dispatcher/delivery-plan';
import { DeliveryRateLimiter } from 'payout-simulator/internal/dispatcher/rate-limiter';
import { orderEvents } from 'payout-simulator/internal/scenarios/index';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { allScenarios, orderFor, startTime } from './orders';

describe('backoff', () => {
  it('spreads 8 attempts over about 90 minutes, doubling each gap', () => {
    const gaps = Array.from({ length: maxAttempts - 1 }, (_, i) => retryDelayMs(i + 1, 1));
    expect(gaps.slice(1).map((gap, i) => gap / gaps[i]!)).toEqual(Array(6).fill(2));
    expect(gaps.reduce((a, b) => a + b) / 60_000).toBeCloseTo(90, 0);
  });

  it('is compressed by the time scale', () => {
    expect(retryDelayMs(3, 60)).toBe(retryDelayMs(3, 1) / 60);
  });
});

describe('rate limiter', () => {
  /** Starts `count` sends as early as the limiter allows, each lasting `durationMs`; returns the start times. */
  function schedule(limiter: DeliveryRateLimiter, count: number, durationMs: number): number[] {
    const starts: number[] = [];
    const ends: Array<{ at: number; release: (at: number) => void }> = [];
    let now = 0;
    while (starts.length < count) {
      for (const end of ends.filter((e) => e.at <= now)) end.release(end.at);
      const startAt = limiter.nextStartAt(now);
      if (startAt === null || startAt > now) {
        now = startAt ?? Math.min(...ends.map((e) => e.at));
        continue;
      }
      starts.push(now);
      const release = limiter.begin(now);
      ends.push({ at: now + durationMs, release });
    }
    return starts;
  }

  it('spaces starts by 200 ms and keeps any second to five, counted until a send ends', () => {
    const starts = schedule(new DeliveryRateLimiter(5), 15, 10);
    expect(starts.slice(0, 5)).toEqual([0, 200, 400, 600, 800]);
    expect(starts[5]).toBe(1010); // the first send ended at 10 ms; its slot frees one second later
    const ends = starts.map((s) => s + 10);
    for (const start of starts) expect(ends.filter((end) => end > start - 1000 && end <= start).length).toBeLessThanOrEqual(4);
  });

  it('waits while every slot is held by a send in flight', () => {
    const limiter = new DeliveryRateLimiter(2);
    limiter.begin(0);
    limiter.begin(500);
    expect(limiter.nextStartAt(600)).toBeNull();
  });
});

describe('delivery plan', () => {
  const events = allScenarios.flatMap((scenario, i) =>
    orderEvents(orderFor(scenario, i, 20), new SeededRandom(i), { startTime, pace: 60, unknownEventRate: 0.1 }),
  );

  it('duplicates and reorders close to the configured rates', () => {
    const plan = planDeliveries(events, new SeededRandom(1), { duplicateRate: 0.1, reorderRate: 0.2, timeScale: 60 });
    const duplicates = plan.filter((p) => p.duplicateOf !== null).length;
    expect(duplicates / events.length).toBeGreaterThan(0.07);
    expect(duplicates / events.length).toBeLessThan(0.13);
    const lastOfStream = new Set([...new Map(events.map((e) => [e.streamKey, e])).values()]);
    const eligible = events.filter((e) => !lastOfStream.has(e)).length;
    const reordered = plan.filter((p) => p.reordered).length;
    expect(reordered / eligible).toBeGreaterThan(0.15);
    expect(reordered / eligible).toBeLessThan(0.25);
  });

  it('holds a reordered event until after the next event of its stream, and a duplicate after its original', () => {
    const plan = planDeliveries(events, new SeededRandom(2), { duplicateRate: 0.3, reorderRate: 0.3, timeScale: 60 });
    plan.forEach((planned) => {
      if (planned.duplicateOf !== null) expect(planned.dueAt).toBeGreaterThan(plan[planned.duplicateOf]!.dueAt);
      if (!planned.reordered) return;
      const { streamKey, occurredAt } = planned.event;
      const next = plan.findIndex((p) => p.duplicateOf === null && p.event.streamKey === streamKey && p.event.occurredAt > occurredAt);
      expect(planned.dueAt).toBeGreaterThan(plan[next]!.dueAt);
    });
  });

  it('sends nothing twice and nothing late when both rates are 0', () => {
    const plan = planDeliveries(events, new SeededRandom(3), { duplicateRate: 0, reorderRate: 0, timeScale: 60 });
    expect(plan.map((p) => p.dueAt)).toEqual(events.map((e) => e.occurredAt.getTime()));
  });
});
