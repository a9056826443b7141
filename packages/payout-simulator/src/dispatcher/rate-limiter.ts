/**
 * Spec 8: 5 deliveries per second per account; the excess waits, nothing is dropped. Two rules:
 * starts are spaced evenly (1 s / rate), and a send occupies one of the rate's slots from its start until
 * one second after it ends. Counting to the end, not the start, keeps any one-second window at the receiver
 * within the rate whatever the network latency; the spacing keeps one stream's sends arriving in start order.
 */
export class DeliveryRateLimiter {
  private readonly spacingMs: number;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private inFlight = 0;
  /** End times of finished sends still inside the window. */
  private recentEnds: number[] = [];

  constructor(
    private readonly perSecond: number,
    private readonly windowMs = 1000,
  ) {
    if (!(perSecond > 0)) throw new Error('deliveries per second must be positive');
    this.spacingMs = windowMs / perSecond;
  }

  /** The earliest time a send may start; null while every slot is held by a send still in flight. */
  nextStartAt(now: number): number | null {
    this.recentEnds = this.recentEnds.filter((end) => end + this.windowMs > now);
    const spaced = Math.max(now, this.lastStartAt + this.spacingMs);
    const excess = this.inFlight + this.recentEnds.length - this.perSecond;
    if (excess < 0) return spaced;
    if (this.inFlight >= this.perSecond) return null;
    const freeing = [...this.recentEnds].sort((a, b) => a - b)[excess] as number;
    return Math.max(spaced, freeing + this.windowMs);
  }

  /** Takes a slot; the returned function gives it back at the send's end time. */
  begin(now: number): (endedAt: number) => void {
    this.lastStartAt = now;
    this.inFlight++;
    let released = false;
    return (endedAt) => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.recentEnds.push(endedAt);
    };
  }
}
