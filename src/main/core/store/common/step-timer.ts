/**
 * The timer of a store's next derivation step. After a commit or a failure, a step is set unless one is (a retry's
 * back-off is not cut short by the commits meanwhile). A backlog's next batch is set at once, moving forward a step
 * the commits set for later: waiting would not make its batch any fuller.
 */
export function stepTimer(run: () => void) {
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Number.POSITIVE_INFINITY;
  const set = (delayMs: number) => {
    clearTimeout(timer);
    dueAt = Date.now() + delayMs;
    timer = setTimeout(() => {
      dueAt = Number.POSITIVE_INFINITY;
      run();
    }, delayMs).unref();
  };
  return {
    /** Runs the step in `delayMs`, unless one is set. */
    unlessSet(delayMs: number): void {
      if (dueAt === Number.POSITIVE_INFINITY) set(delayMs);
    },
    /** Runs the step in `delayMs`, or sooner if one is set sooner. */
    atLatest(delayMs: number): void {
      if (Date.now() + delayMs < dueAt) set(delayMs);
    },
    cancel(): void {
      clearTimeout(timer);
      dueAt = Number.POSITIVE_INFINITY;
    },
  };
}
