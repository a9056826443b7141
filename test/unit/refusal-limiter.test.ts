import { describe, expect, it } from 'vitest';
import { RefusalLimiter, defaultRefusalRate, tooManyRefusals } from '../../src/main/core/control/refusal-limiter';

describe("the limit on one team user's refused calls", () => {
  it('lets a burst through, then holds back with when to retry, the first one only marked to record', () => {
    let now = 1_000_000;
    const limiter = new RefusalLimiter({ burst: 3, refillMs: 5_000 }, () => now);
    for (let i = 0; i < 3; i++) expect(limiter.take('vic')).toEqual({ allowed: true });
    expect(limiter.take('vic')).toEqual({ allowed: false, retryAfterSeconds: 5, firstHeldBack: true });
    now += 2_000;
    expect(limiter.take('vic')).toEqual({ allowed: false, retryAfterSeconds: 3, firstHeldBack: false });
    // Another user has a bucket of their own.
    expect(limiter.take('max')).toEqual({ allowed: true });
    now += 3_000;
    expect(limiter.take('vic')).toEqual({ allowed: true });
    expect(limiter.take('vic')).toMatchObject({ allowed: false, firstHeldBack: true });
    // A long pause fills the bucket again, never above the burst.
    now += 3_600_000;
    for (let i = 0; i < 3; i++) expect(limiter.take('vic')).toEqual({ allowed: true });
    expect(limiter.take('vic').allowed).toBe(false);
  });

  it('by default lets a sweep of every call through, and 17,280 a day at most past it', () => {
    expect(defaultRefusalRate.burst).toBeGreaterThanOrEqual(100);
    expect(86_400_000 / defaultRefusalRate.refillMs).toBe(17_280);
    expect(tooManyRefusals(5)).toEqual({ error: expect.stringContaining('try again in 5 s'), retryAfterSeconds: 5 });
  });
});
