/** How fast a handler acknowledges: the service waits 10 s (spec 8) and asks for a quick answer (spec 6.5). */
export interface LatencySummary {
  /** Answers measured. */
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers slower than `slowMs`: still in time, but not "quickly". */
  slow: number;
  slowMs: number;
}

/** An answer slower than this is flagged: it works, but keeps the service's sender (5 per second, spec 8) waiting. */
export const slowAnswerMs = 1_000;

function quantile(sorted: readonly number[], q: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export function latencySummary(durationsMs: readonly number[], slowMs = slowAnswerMs): LatencySummary {
  const sorted = [...durationsMs].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99), maxMs: sorted.at(-1) ?? 0, slow: sorted.filter((ms) => ms > slowMs).length, slowMs };
}
