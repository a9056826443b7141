import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { searchIndexUpkeep } from '../../../src/main/core/store/postgres/search-words';
import { silentLogger } from '../../../src/main/core/logger';

/** The statements the upkeep sends, on a pool that answers every one. */
function recordingPool() {
  const sent: string[] = [];
  const pool = { query: (sql: string) => (sent.push(sql), Promise.resolve({ rows: [] })) } as unknown as pg.Pool;
  return { pool, moves: () => sent.filter((sql) => sql.includes('gin_clean_pending_list')).length };
}

describe("the search index's pending entries", () => {
  it('are moved in a pause once a couple of thousand rows were indexed, never while deliveries keep coming', async () => {
    const { pool, moves } = recordingPool();
    const upkeep = searchIndexUpkeep(pool, silentLogger);
    // While busy: ten batches of 200 and more, none moved.
    for (let i = 0; i < 15; i++) await upkeep.afterIndexed(200, false);
    expect(moves()).toBe(0);
    // The first batch of the next pause moves what gathered meanwhile, at once.
    await upkeep.afterIndexed(1_000, true);
    expect(moves()).toBe(1);
    await upkeep.afterIndexed(1_000, true);
    expect(moves()).toBe(1);
    await upkeep.afterIndexed(1_000, true);
    expect(moves()).toBe(2);
  });
});
