import { describe, expect, it } from 'vitest';
import { writerCallsThrough, type WriterCall } from '../../../src/main/core/store/sqlite/writer-calls';

describe("the SQLite writer's calls, through one proxy over the handler map", () => {
  it('hands each write its name and arguments, and answers what the writer answered', async () => {
    const runs: Array<[WriterCall, unknown[]]> = [];
    const writer = writerCallsThrough({}, async (call, args) => {
      runs.push([call, args]);
      return call === 'catchUp' ? 'busy' : 7;
    });
    expect(await writer.prune({ keepDays: 1, keepBytes: null }, 10, 5)).toBe(7);
    expect(await writer.catchUp(50)).toBe('busy');
    expect(runs).toEqual([
      ['prune', [{ keepDays: 1, keepBytes: null }, 10, 5]],
      ['catchUp', [50]],
    ]);
    expect(writer.step).toBe(writer.step);
  });

  it("keeps its own members (a thread's state, close) apart from the writes, and can be awaited", async () => {
    let stopped = false;
    const writer = writerCallsThrough(
      {
        get stopped() {
          return stopped;
        },
        close: async () => 'closed',
      },
      async () => {
        throw new Error('not a write');
      },
    );
    expect(writer.stopped).toBe(false);
    stopped = true;
    expect(writer.stopped).toBe(true);
    expect(await writer.close()).toBe('closed');
    // Returned from an async function, it is not mistaken for a promise.
    expect(await (async () => writer)()).toBe(writer);
    await expect(writer.isCurrent()).rejects.toThrow('not a write');
  });
});
