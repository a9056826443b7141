import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateLimiter, type Clock } from '../../../src/main/core/service-api/rate-limiter';

/** A clock whose time moves only when a sleeper sleeps or the test advances it. */
class FakeClock implements Clock {
  time = 0;
  readonly sleeps: number[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    this.sleeps.push(ms);
    this.time += ms;
    return Promise.resolve();
  }
}

async function startTimes(limiter: RateLimiter, clock: FakeClock, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    await limiter.acquire();
    times.push(clock.now());
  }
  return times;
}

describe('the client-side rate limit', () => {
  it('lets a burst of the limit through, then starts each request a second after the one `limit` before it', async () => {
    const clock = new FakeClock();
    const times = await startTimes(new RateLimiter(5, clock), clock, 12);
    expect(times).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
  });

  it('does not wait once the window has passed', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter(2, clock);
    await startTimes(limiter, clock, 2);
    clock.time = 1500;
    await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
  });

  it('spaces requests 1/r seconds apart below one per second', async () => {
    const clock = new FakeClock();
    expect(await startTimes(new RateLimiter(0.5, clock), clock, 3)).toEqual([0, 2000, 4000]);
  });

  it('reserves slots in call order for concurrent callers', async () => {
    const clock: Clock & { waits: number[] } = {
      waits: [],
      now: () => 0,
      sleep(ms) {
        this.waits.push(ms);
        return Promise.resolve();
      },
    };
    const limiter = new RateLimiter(3, clock);
    await Promise.all(Array.from({ length: 7 }, () => limiter.acquire()));
    expect(clock.waits).toEqual([1000, 1000, 1000, 2000]);
  });

  it('never starts more than the limit in any one-second window', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10 }), fc.array(fc.integer({ min: 0, max: 700 }), { maxLength: 40 }), async (limit, gaps) => {
        const clock = new FakeClock();
        const limiter = new RateLimiter(limit, clock);
        const starts: number[] = [];
        for (const gap of gaps) {
          clock.time += gap;
          await limiter.acquire();
          starts.push(clock.now());
        }
        for (const start of starts) {
          expect(starts.filter((t) => t >= start && t < start + 1000).length).toBeLessThanOrEqual(limit);
        }
      }),
    );
  });

  it('refuses a limit that is not positive', () => {
    expect(() => new RateLimiter(0)).toThrow(/greater than 0/);
  });
});
