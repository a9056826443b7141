import { setTimeout as sleep } from 'node:timers/promises';

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects when the signal aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

export const defaultRequestsPerSecond = 5;

/**
 * At most `requestsPerSecond` requests start in any one-second window (a sliding window: a burst is
 * allowed, then each request waits until the one `requestsPerSecond` before it is a second old).
 * Slots are reserved in call order, so concurrent callers never overshoot.
 */
export class RateLimiter {
  private readonly reserved: number[] = [];

  constructor(
    readonly requestsPerSecond: number = defaultRequestsPerSecond,
    private readonly clock: Clock = realClock,
  ) {
    if (!(requestsPerSecond > 0)) throw new Error(`requestsPerSecond must be greater than 0, not ${requestsPerSecond}`);
  }

  /** Waits for the next free slot. An aborted wait still uses its slot (the limit errs on the safe side). */
  async acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const now = this.clock.now();
    const window = Math.max(1, Math.floor(this.requestsPerSecond));
    const spacing = this.requestsPerSecond < 1 ? 1000 / this.requestsPerSecond : 1000;
    const blocking = this.reserved.length >= window ? this.reserved[this.reserved.length - window]! : null;
    const slot = blocking === null ? now : Math.max(now, blocking + spacing);
    this.reserved.push(slot);
    if (this.reserved.length > window) this.reserved.splice(0, this.reserved.length - window);
    if (slot > now) await this.clock.sleep(slot - now, signal);
  }
}
