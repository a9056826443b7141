import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { StoreHealth } from '../../src/main/core/store-health';

/** A store health and what it told. */
function watched() {
  const health = new StoreHealth();
  const told = vi.fn();
  health.onChange(told);
  return { health, told };
}

/** `count` store calls refused with `message`. */
async function refuse(health: StoreHealth, count: number, message: string): Promise<void> {
  for (let i = 0; i < count; i++) await health.watch(Promise.reject(new Error(message))).catch(() => {});
}

describe('whether deliveries are being stored, as the status tells the UI', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('reports the first refusal at once, with its cause, and the time it started', async () => {
    const { health, told } = watched();
    await expect(health.watch(Promise.reject(new Error('database or disk is full')))).rejects.toThrow('database or disk is full');
    expect(told).toHaveBeenCalledTimes(1);
    expect(health.current).toEqual({ since: '2026-11-22T10:00:00.000Z', message: 'database or disk is full', refused: 1 });
  });

  it('counts a flood of refusals, telling the count at most once a beat, and clears at once when one is stored', async () => {
    const { health, told } = watched();
    await refuse(health, 100, 'disk I/O error');
    expect(told).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(250);
    expect(told).toHaveBeenCalledTimes(2);
    expect(health.current).toMatchObject({ since: '2026-11-22T10:00:00.000Z', message: 'disk I/O error', refused: 100 });

    expect(await health.watch(Promise.resolve(7))).toBe(7);
    expect(health.current).toBeNull();
    expect(told).toHaveBeenCalledTimes(3);
    // Stored while healthy: nothing to tell.
    await health.watch(Promise.resolve(8));
    expect(told).toHaveBeenCalledTimes(3);
  });

  it('tells nothing once stopped, not even a count already due', async () => {
    const { health, told } = watched();
    await refuse(health, 3, 'disk I/O error');
    expect(told).toHaveBeenCalledTimes(1);
    health.stop();
    vi.advanceTimersByTime(1_000);
    await health.watch(Promise.resolve(1));
    expect(told).toHaveBeenCalledTimes(1);
  });
});
