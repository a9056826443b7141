import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeLog } from '../../src/main/core/reconcile/runtime-log';
import type { RuntimeChange } from '../../src/main/core/store/common/reconcile-records';
import { humanLogger } from '../../src/main/core/logger';

/** A store whose writes are refused as locked `lockedFor` times, then taken. */
function lockedStore(lockedFor: number) {
  const applied: RuntimeChange[] = [];
  let refusals = 0;
  return {
    applied,
    runtime: {
      apply: async (change: RuntimeChange) => {
        if (refusals < lockedFor) {
          refusals += 1;
          throw new Error('database is locked');
        }
        applied.push(change);
        return change.op === 'open' ? applied.length : null;
      },
      spans: async () => [],
    },
  };
}

describe('the runtime log while another program holds the store’s lock', () => {
  afterEach(() => vi.useRealTimers());

  it('records the span once the lock goes, with no line of its own (the derivation names the lock)', async () => {
    vi.useFakeTimers();
    const store = lockedStore(3);
    const lines: string[] = [];
    const log = new RuntimeLog(store, humanLogger((line) => lines.push(line)), () => 1_000);
    log.begin('receiver', { port: 8443 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.applied).toEqual([{ op: 'open', component: 'receiver', detail: { port: 8443 }, at: 1_000 }]);
    await log.close();
    expect(store.applied.at(-1)).toMatchObject({ op: 'close', ids: [1], reason: 'stopped' });
    expect(lines).toEqual([]);
  });

  it('logs any other failure, and closing does not wait for a lock', async () => {
    const lines: string[] = [];
    const failing = { runtime: { apply: async () => Promise.reject(new Error('disk I/O error')), spans: async () => [] } };
    const log = new RuntimeLog(failing, humanLogger((line) => lines.push(line)));
    log.begin('inspector', {});
    await log.close();
    expect(lines).toEqual(['runtime log: could not record (disk I/O error)']);

    const locked = new RuntimeLog(lockedStore(1_000), humanLogger((line) => lines.push(line)));
    locked.begin('inspector', {});
    await locked.close();
    expect(lines.at(-1)).toBe('runtime log: could not record (database is locked)');
  });
});
