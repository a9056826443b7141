import { describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/main/core/store/postgres/postgres-store';
import { analyzedTraffic } from '../support/realistic-traffic';
import { withTestPostgres } from '../support/postgres-per-suite';

describe('a PostgreSQL store acknowledges a delivery only once it is on disk', () => {
  const postgres = withTestPostgres();

  it('keeps every delivery it acknowledged through a crash of the server right after the last acknowledgement', async () => {
    // Batches commit without waiting for their flush (delivery-writer.ts): each caller settles after the flush that follows.
    const traffic = analyzedTraffic(400, 21);
    for (let round = 0; round < 3; round++) {
      const store = await openPostgresStore(postgres.cluster.url);
      const acknowledged = await Promise.all(traffic.map((delivery) => store.storeDelivery(delivery)));
      // A power cut now: whatever WAL was not flushed is gone (the server's WAL writer flushes every 200 ms on its own).
      await postgres.cluster.crash();
      await store.close().catch(() => {});
      await postgres.cluster.resume();

      const { rows } = await postgres.pool.query<{ id: string }>('SELECT id FROM deliveries WHERE id = ANY($1::bigint[])', [acknowledged]);
      expect(rows, `round ${round + 1}`).toHaveLength(acknowledged.length);
    }
  });
});
