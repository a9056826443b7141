/**
 * The size of the next batch of work that should take about `targetMs`, from the last one's pace: `size` units
 * took `tookMs`. It grows at most fourfold at a time (a batch of cached pages runs fast) and stays within [min, max].
 */
export function pacedSize(size: number, tookMs: number, targetMs: number, min: number, max: number): number {
  const paced = Math.round((size * targetMs) / Math.max(tookMs, 0.1));
  return Math.max(min, Math.min(paced, size * 4, max));
}
