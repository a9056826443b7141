import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stepTimer } from '../../../src/main/core/store/common/step-timer';

describe("the timer of a store's next derivation step", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("keeps the step set when asked again (a retry's back-off is not cut short by the commits meanwhile)", () => {
    const run = vi.fn();
    const next = stepTimer(run);
    next.unlessSet(5_000);
    next.unlessSet(20);
    vi.advanceTimersByTime(4_999);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    // Once it ran, the next ask sets the next step.
    next.unlessSet(20);
    vi.advanceTimersByTime(20);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("moves a later step forward for a backlog's next batch, and never puts a sooner one off", () => {
    const run = vi.fn();
    const next = stepTimer(run);
    next.unlessSet(200);
    next.atLatest(0);
    vi.advanceTimersByTime(0);
    expect(run).toHaveBeenCalledTimes(1);
    // The step set for later ran at once: nothing is left set.
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);

    next.unlessSet(10);
    next.atLatest(500);
    vi.advanceTimersByTime(10);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('runs nothing once cancelled', () => {
    const run = vi.fn();
    const next = stepTimer(run);
    next.unlessSet(20);
    next.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
