import { describe, expect, it } from 'vitest';
import { LastingFailure, lastingAfterMs } from '../../src/main/core/store/common/lasting-failure';
import { humanLogger } from '../../src/main/core/logger';

const words = { failing: 'the upkeep cannot be done', recovered: 'the upkeep works again' };

function tracker() {
  let now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const lines: string[] = [];
  let changes = 0;
  const failure = new LastingFailure(words, { log: humanLogger((line) => lines.push(line)), now: () => now });
  failure.onChange(() => changes++);
  return { failure, lines, changes: () => changes, advance: (ms: number) => (now += ms), now: () => now };
}

describe('LastingFailure', () => {
  it('says nothing of failures that a retry overcomes', () => {
    const t = tracker();
    for (let round = 0; round < 3; round++) {
      t.failure.failed(new Error('database is locked'));
      t.advance(lastingAfterMs - 1);
      t.failure.failed(new Error('database is locked'));
      t.failure.succeeded();
    }
    expect(t.lines).toEqual([]);
    expect(t.failure.current).toBeNull();
    expect(t.changes()).toBe(0);
  });

  it('logs a lasting failure once with its cause, shows its latest cause, and logs once when it is over', () => {
    const t = tracker();
    const firstAttempt = t.now();
    t.failure.failed(new Error('database or disk is full'));
    t.advance(lastingAfterMs);
    t.failure.failed(new Error('database or disk is full'));
    expect(t.failure.current).toEqual({ since: new Date(firstAttempt).toISOString(), message: 'database or disk is full' });
    for (let i = 0; i < 10; i++) {
      t.advance(5_000);
      t.failure.failed(new Error(i === 9 ? 'disk I/O error' : 'database or disk is full'));
    }
    expect(t.failure.current?.message).toBe('disk I/O error');
    expect(t.lines).toEqual(['store: the upkeep cannot be done (database or disk is full); retrying until it works']);

    t.failure.succeeded();
    expect(t.failure.current).toBeNull();
    expect(t.lines.at(-1)).toBe('store: the upkeep works again (after 52 s)');
    expect(t.lines).toHaveLength(2);
    // Shown, its cause changed, cleared.
    expect(t.changes()).toBe(3);
  });

  it('counts an attempt that waited for a lock from when it began: one that failed after waiting long is lasting at once', () => {
    const t = tracker();
    const began = t.now();
    t.advance(5_000);
    t.failure.failed(new Error('database is locked'), began);
    expect(t.failure.current).toEqual({ since: new Date(began).toISOString(), message: 'database is locked' });
    expect(t.lines).toHaveLength(1);
  });

  it('backs off between retries, up to a steady pace', () => {
    const t = tracker();
    const delays = Array.from({ length: 8 }, () => t.failure.failed(new Error('x')));
    expect(delays).toEqual([250, 500, 1_000, 2_000, 5_000, 5_000, 5_000, 5_000]);
    t.failure.succeeded();
    expect(t.failure.failed(new Error('x'))).toBe(250);
  });
});
