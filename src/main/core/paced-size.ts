/**
 * The size of the next batch of work that should take about `targetMs`, from the last one's pace: `size` units
 * took `tookMs`. It grows at most fourfold at a time (a batch of cached pages runs fast) and stays within [min, max].
 */
export function pacedSize(size: number, tookMs: number, targetMs: number, min: number, max: number): number {
  const paced = Math.round((size * targetMs) / Math.max(tookMs, 0.1));
  return Math.max(min, Math.min(paced, size * 4, max));
}

/**
 * A batch size that follows its own pace: each call runs `work` on a batch of the current size (at most `cap`),
 * and a full batch (`work` answers whether it was) sets the next size to take about `targetMs`.
 */
export function pacedBatches(initialSize: number, min: number, max = Number.POSITIVE_INFINITY) {
  let size = initialSize;
  return (targetMs: number, work: (size: number) => boolean, cap = max): boolean => {
    const rows = Math.min(size, cap);
    const start = performance.now();
    const full = work(rows);
    if (full) size = pacedSize(rows, performance.now() - start, targetMs, min, cap);
    return full;
  };
}
