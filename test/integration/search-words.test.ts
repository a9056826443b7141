import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { searchWordsOfStoredSql } from '../../src/main/core/store/postgres/schema';
import { searchLexemesOf } from '../../src/main/core/store/postgres/search-words';
import { openTestStore, storeLocation, stopTestPostgres } from '../support/engines';
import { analyzedTraffic } from '../support/realistic-traffic';

/** A delivery of the body as the ingest path records it (analysis included). */
const record = (body: Uint8Array) =>
  buildDeliveryRecord(
    { method: 'POST', path: '/hook', query: '', headers: [], body, bodyTruncated: false },
    { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
    null,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );

/** A body of `count` distinct words of eight letters: more lexemes than a row's search_words holds past 43,000 or so. */
const manyWords = (count: number) =>
  Buffer.from(Array.from({ length: count }, (_, i) => `w${i.toString(36).padStart(7, '0')}`).join(' '));

/** Each row's lexemes as the database holds them (sorted), or null for a row without. */
async function lexemesByRow(client: pg.Client): Promise<Map<number, string[] | null>> {
  const { rows } = await client.query<{ id: string; lexemes: string[] | null }>(
    'SELECT id, tsvector_to_array(search_words) AS lexemes FROM deliveries ORDER BY id',
  );
  return new Map(rows.map((r) => [Number(r.id), r.lexemes === null ? null : [...r.lexemes].sort()]));
}

describe("the free-text search's index on PostgreSQL (search_words)", () => {
  afterAll(stopTestPostgres);

  async function withStore(work: (store: InspectorStore, client: pg.Client) => Promise<void>) {
    const location = (await storeLocation('postgresql'))!;
    const store = await openTestStore('postgresql', location);
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      await work(store, client);
    } finally {
      await client.end();
      await store.close();
    }
  }

  it("is made from a stored row's text by the migration as the writer makes it from the body", async () => {
    await withStore(async (store, client) => {
      const bodies: Uint8Array[] = [
        ...analyzedTraffic(300, 7).map((r) => r.raw.body),
        ...fc.sample(fc.uint8Array({ maxLength: 300 }), { numRuns: 200, seed: 11 }),
        ...fc.sample(fc.array(fc.constantFrom(...'abcXYZ0189 ._-"é\0'), { maxLength: 400 }), { numRuns: 200, seed: 13 }).map((c) => Buffer.from(c.join(''))),
        Buffer.from(`a ${'X'.repeat(300)} ${'0123456789abcdef'.repeat(5)}Z b`),
        manyWords(50_000),
        new Uint8Array(),
      ];
      for (const body of bodies) await store.storeDelivery(record(body));
      const written = await lexemesByRow(client);
      expect([...written.values()].filter((lexemes) => lexemes === null)).toHaveLength(1);
      bodies.forEach((body, i) => expect(written.get(i + 1), `body ${i + 1}`).toEqual(searchLexemesOf(body)?.sort() ?? null));

      await client.query(`UPDATE deliveries SET search_words = ${searchWordsOfStoredSql}`);
      expect(await lexemesByRow(client)).toEqual(written);
    });
  });

  it('finds a row whose words were too many to index, and one stored without them, with every other match', async () => {
    await withStore(async (store, client) => {
      const crowded = await store.storeDelivery(record(Buffer.concat([manyWords(50_000), Buffer.from(' "status":"settled" ')])));
      const indexed = await store.storeDelivery(record(Buffer.from('{"status":"settled"}')));
      const other = await store.storeDelivery(record(Buffer.from('{"status":"pending"}')));
      const unindexed = await store.storeDelivery(record(Buffer.from('{"note":"status settled","status":"settled"}')));
      await client.query('UPDATE deliveries SET search_words = NULL WHERE id = $1', [unindexed]);
      expect((await lexemesByRow(client)).get(crowded)).toBeNull();

      expect(store.textSearchMode('"settled"')).toBe('index');
      const page = await store.listDeliveries({ filter: { text: '"settled"' }, limit: 10 });
      expect(page.items.map((item) => item.id)).toEqual([unindexed, indexed, crowded]);
      expect(page.items.map((item) => item.id)).not.toContain(other);
      // A single short run may sit inside any word: searched body by body.
      expect(store.textSearchMode('ettle')).toBe('scan');
    });
  });
});
