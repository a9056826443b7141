import type { SeededRandom } from '../seeded-random';

/**
 * A recipient's clock: each step moves forward by a drawn number of simulated seconds, compressed by
 * the pace, and always by at least 1 ms so that no two events of a recipient share a timestamp.
 */
export class Timeline {
  private atMs: number;

  constructor(
    startTime: Date,
    private readonly pace: number,
    private readonly random: SeededRandom,
  ) {
    this.atMs = startTime.getTime();
  }

  /** Moves on by between minSeconds and maxSeconds of simulated time and returns the new time. */
  after(minSeconds: number, maxSeconds: number): Date {
    const simulatedMs = this.random.between(minSeconds, maxSeconds) * 1000;
    this.atMs += Math.max(1, Math.round(simulatedMs / this.pace));
    return new Date(this.atMs);
  }
}
