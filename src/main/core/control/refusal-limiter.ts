/** How many refused calls one user may make: a burst, then one more per `refillMs`. */
export interface RefusalRate {
  burst: number;
  refillMs: number;
}

/**
 * Enough for a person (and for a UI or a script that tries each call once), and a bound on what one user's refused
 * calls write to the audit log: 120 at once, then one each 5 s (17,280 a day at most).
 */
export const defaultRefusalRate: RefusalRate = { burst: 120, refillMs: 5_000 };

/** A refusal let through (answered and recorded as it is), or held back: answered 429, recorded only the first time. */
export type RefusalVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; firstHeldBack: boolean };

interface Bucket {
  tokens: number;
  at: number;
  holding: boolean;
}

/**
 * A token bucket per user for the calls a team server refuses (a role that may not, a name that is no call, an
 * input that is not one): past it, a user's refusals are answered 429 with when to retry, and the first of them is
 * recorded, the rest not, until a refusal is let through again.
 */
export class RefusalLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rate: RefusalRate = defaultRefusalRate,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one refusal from `user`'s bucket. */
  take(user: string): RefusalVerdict {
    const now = this.now();
    const bucket = this.refilled(user, now);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      bucket.holding = false;
      return { allowed: true };
    }
    const firstHeldBack = !bucket.holding;
    bucket.holding = true;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((1 - bucket.tokens) * this.rate.refillMs) / 1000)), firstHeldBack };
  }

  private refilled(user: string, now: number): Bucket {
    const bucket = this.buckets.get(user);
    if (bucket === undefined) {
      // Full buckets are forgotten (below), so the map holds only the users refused lately.
      if (this.buckets.size > 10_000) this.forgetFull(now);
      const fresh = { tokens: this.rate.burst, at: now, holding: false };
      this.buckets.set(user, fresh);
      return fresh;
    }
    bucket.tokens = Math.min(this.rate.burst, bucket.tokens + Math.max(0, now - bucket.at) / this.rate.refillMs);
    bucket.at = now;
    return bucket;
  }

  private forgetFull(now: number): void {
    for (const [user, bucket] of this.buckets) {
      if (bucket.tokens + Math.max(0, now - bucket.at) / this.rate.refillMs >= this.rate.burst) this.buckets.delete(user);
    }
  }
}

/** The 429 for a refusal held back: when to retry, in the body and in Retry-After. */
export function tooManyRefusals(retryAfterSeconds: number): { error: string; retryAfterSeconds: number } {
  return {
    error: `too many refused calls from you: try again in ${retryAfterSeconds} s (calls your role may make are not limited)`,
    retryAfterSeconds,
  };
}
