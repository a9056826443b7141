import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deriveScheduler, searchIdleMs, type DerivationRunner } from '../../src/main/core/store/sqlite/derive-scheduler';
import type { StepOutcome } from '../../src/main/core/store/sqlite/derived-tables';
import { humanLogger } from '../../src/main/core/logger';

const transactionMs = 5;

/** The steps as a store's writer runs them, with a search index `behind` rows behind, filled a thousand at a time. */
function writerSteps(behind: number) {
  const calls: string[] = [];
  let searchFailure: string | null = null;
  const runner: DerivationRunner = {
    step: (): StepOutcome => {
      calls.push('step');
      return { backlog: false, failure: null };
    },
    // Each transaction takes a while, as on the writer thread.
    fillIndexesWhileIdle: async (): Promise<StepOutcome> => {
      calls.push('index');
      await new Promise((resolve) => setTimeout(resolve, transactionMs));
      if (searchFailure !== null) return { backlog: true, failure: searchFailure };
      behind = Math.max(0, behind - 1_000);
      return { backlog: behind > 0, failure: null };
    },
    catchUp: () => null,
    catchUpAll: () => true,
    clear: () => {},
    isCurrent: () => true,
  };
  return {
    runner,
    calls,
    behind: () => behind,
    failSearch: (why: string | null) => (searchFailure = why),
  };
}

describe('the derivation scheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fills the search index only in pauses: not while commits keep coming, then a transaction after another until done', async () => {
    const writer = writerSteps(3_500);
    const scheduler = deriveScheduler(writer.runner);
    // A commit every tenth of a second for three seconds: the groups and lifecycles are derived, the index waits.
    for (let i = 0; i < 30; i++) {
      scheduler.schedule();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(writer.calls).not.toContain('index');
    expect(writer.calls).toContain('step');

    await vi.advanceTimersByTimeAsync(searchIdleMs);
    expect(writer.calls.filter((call) => call === 'index')).toHaveLength(4);
    expect(writer.behind()).toBe(0);
  });

  it('derives a backlog a batch after another while commits keep coming, without waiting for the step they set', async () => {
    const writer = writerSteps(0);
    let backlog = 3;
    const scheduler = deriveScheduler({
      ...writer.runner,
      step: (): StepOutcome => {
        writer.calls.push('step');
        // A commit while the step runs sets the next one for later.
        scheduler.schedule();
        return { backlog: --backlog > 0, failure: null };
      },
    });
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(20);
    expect(writer.calls).toEqual(['step']);
    // The two batches left, at once: well before the 20 ms the commits' step waits.
    await vi.advanceTimersByTimeAsync(5);
    expect(writer.calls).toEqual(['step', 'step', 'step']);
  });

  it('stops filling when a commit comes, and goes on at the next pause', async () => {
    const writer = writerSteps(5_000);
    const scheduler = deriveScheduler(writer.runner);
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(searchIdleMs - 1);
    expect(writer.calls).not.toContain('index');
    await vi.advanceTimersByTimeAsync(1);
    // The first transaction is under way; a commit comes meanwhile.
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(transactionMs);
    expect(writer.calls.filter((call) => call === 'index')).toHaveLength(1);
    expect(writer.behind()).toBe(4_000);

    // The next pause: the four transactions left, one after another.
    await vi.advanceTimersByTimeAsync(searchIdleMs + 4 * transactionMs);
    expect(writer.calls.filter((call) => call === 'index')).toHaveLength(5);
    expect(writer.behind()).toBe(0);
  });

  it('says once that the index cannot be updated while that lasts, retries in pauses, and says once that it works again', async () => {
    const lines: string[] = [];
    const writer = writerSteps(2_000);
    const scheduler = deriveScheduler(writer.runner, { log: humanLogger((line) => lines.push(line)) });
    writer.failSearch('database or disk is full');
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(scheduler.failure()).toEqual({ since: expect.any(String), message: 'database or disk is full' });
    expect(lines).toEqual([expect.stringContaining('cannot be updated (database or disk is full)')]);
    // A step that derives well does not hide that the index still fails.
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(100);
    expect(scheduler.failure()).not.toBeNull();

    writer.failSearch(null);
    await vi.advanceTimersByTimeAsync(searchIdleMs);
    expect(scheduler.failure()).toBeNull();
    expect(writer.behind()).toBe(0);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/up to date again/);
  });
});
