import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/main/core/store/open';
import { tempDataDir } from '../support/core-fixture';

describe('the replays table', () => {
  it('lists a delivery’s replays through its index, and refuses a replay of a delivery that does not exist', () => {
    const db = openStore(join(tempDataDir(), 'inspector.sqlite3'));
    try {
      const plan = db
        .prepare('EXPLAIN QUERY PLAN SELECT * FROM replays WHERE delivery_id = ? ORDER BY id DESC LIMIT ?')
        .all(1, 10) as Array<{ detail: string }>;
      expect(plan.map((p) => p.detail).join('\n')).toMatch(/USING INDEX replays_by_delivery/);
      expect(plan.some((p) => /TEMP B-TREE/.test(p.detail))).toBe(false);

      const insert = (deliveryId: number, kind: string) =>
        db
          .prepare(
            `INSERT INTO replays (delivery_id, kind, started_at, url, signing_mode, request_method, request_headers,
              request_body_sha256, request_body_size, duration_ms) VALUES (?, ?, 0, 'http://x/', 'keep', 'POST', '[]', '', 0, 0)`,
          )
          .run(deliveryId, kind);
      expect(() => insert(1, 'replay')).toThrow(/FOREIGN KEY/);
    } finally {
      db.close();
    }
  });
});
