import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { searchWordsOfStoredSql } from '../../src/main/core/store/postgres/schema';
import { searchLexemesOf } from '../../src/main/core/store/postgres/search-words';
import { searchTextOf } from '../../src/main/core/store/postgres/search-text';
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

/** Each indexed row's lexemes as the database holds them (sorted), or null for a row without. */
async function lexemesByRow(client: pg.Client, from = 'delivery_search_words'): Promise<Map<number, string[] | null>> {
  const { rows } = await client.query<{ id: string; lexemes: string[] | null }>(
    `SELECT id, tsvector_to_array(search_words) AS lexemes FROM ${from} ORDER BY id`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.lexemes === null ? null : [...r.lexemes].sort()]));
}

const indexedThrough = async (client: pg.Client) =>
  Number((await client.query("SELECT value FROM store_counts WHERE name = 'search_indexed_through'")).rows[0].value);

/** Bodies of every kind: the traffic's, any bytes (NUL, invalid UTF-8), letters of both cases, long runs, too many words, none. */
const assortedBodies = (): Uint8Array[] => [
  ...analyzedTraffic(300, 7).map((r) => r.raw.body),
  ...fc.sample(fc.uint8Array({ maxLength: 300 }), { numRuns: 200, seed: 11 }),
  ...fc.sample(fc.array(fc.constantFrom(...'abcXYZ0189 ._-"é\0'), { maxLength: 400 }), { numRuns: 200, seed: 13 }).map((c) => Buffer.from(c.join(''))),
  Buffer.from(`a ${'X'.repeat(300)} ${'0123456789abcdef'.repeat(5)}Z b`),
  manyWords(50_000),
  new Uint8Array(),
];

describe("the free-text search's index on PostgreSQL (delivery_search_words)", () => {
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

  it('is made by the derivation from each body as the lexemes of its text, which the database makes from the body as the search does', async () => {
    await withStore(async (store, client) => {
      const bodies = assortedBodies();
      for (const body of bodies) await store.storeDelivery(record(body));
      await store.derived.catchUpAll();
      expect(await indexedThrough(client)).toBe(bodies.length);
      const written = await lexemesByRow(client);
      expect([...written.values()].filter((lexemes) => lexemes === null)).toHaveLength(1);
      bodies.forEach((body, i) => expect(written.get(i + 1), `body ${i + 1}`).toEqual(searchLexemesOf(body)?.sort() ?? null));

      // The search text the database makes from each body is the one the text's pattern is made as.
      const { rows } = await client.query<{ id: string; text: string }>('SELECT id, inspector_search_text(body) AS text FROM deliveries ORDER BY id');
      rows.forEach((row, i) => expect(row.text, `body ${i + 1}`).toBe(searchTextOf(bodies[i]!)));
      // Migration 13 made the lexemes of the rows stored before it from their text: the same ones.
      const fromText = `(SELECT id, ${searchWordsOfStoredSql} AS search_words FROM (SELECT id, inspector_search_text(body) AS search_text FROM deliveries) AS stored)`;
      expect(await lexemesByRow(client, `${fromText} AS made`)).toEqual(written);
    });
  });

  it('finds a row whose words were too many to index, and one stored without them, with every other match', async () => {
    await withStore(async (store, client) => {
      const crowded = await store.storeDelivery(record(Buffer.concat([manyWords(50_000), Buffer.from(' "status":"settled" ')])));
      const indexed = await store.storeDelivery(record(Buffer.from('{"status":"settled"}')));
      const other = await store.storeDelivery(record(Buffer.from('{"status":"pending"}')));
      const unindexed = await store.storeDelivery(record(Buffer.from('{"note":"status settled","status":"settled"}')));
      await store.derived.catchUpAll();
      await client.query('UPDATE delivery_search_words SET search_words = NULL WHERE id = $1', [unindexed]);
      expect((await lexemesByRow(client)).get(crowded)).toBeNull();

      expect(store.textSearchMode('"settled"')).toBe('index');
      const page = await store.listDeliveries({ filter: { text: '"settled"' }, limit: 10 });
      expect(page.items.map((item) => item.id)).toEqual([unindexed, indexed, crowded]);
      expect(page.items.map((item) => item.id)).not.toContain(other);
      // A single short run may sit inside any word: searched body by body.
      expect(store.textSearchMode('ettle')).toBe('scan');
    });
  });

  it('finds the rows stored after the index, body by body, as it finds them once indexed', async () => {
    const location = (await storeLocation('postgresql'))!;
    const writing = await openTestStore('postgresql', location);
    const client = new pg.Client({ connectionString: location });
    await client.connect();
    try {
      const bodies = ['{"status":"settled"}', '{"status":"SETTLED","n":1}', '{"status":"pending"}', '{"s":"settled\u0000"}'];
      const ids: number[] = [];
      for (const body of bodies) ids.push(await writing.storeDelivery(record(Buffer.from(body))));
      await writing.derived.catchUpAll();
      await writing.close();
      const found = async (text: string) => {
        // A store that stores nothing never fills the index: what it finds past the watermark, it found body by body.
        const reading = await openTestStore('postgresql', location);
        try {
          return (await reading.listDeliveries({ filter: { text }, limit: 10 })).items.map((item) => item.id);
        } finally {
          await reading.close();
        }
      };
      const indexed = { settled: await found('"settled"'), prefix: await found('"settl'), run: await found('ettle') };
      expect(indexed.settled).toEqual([ids[1], ids[0]]);
      expect(indexed.prefix).toEqual([ids[3], ids[1], ids[0]]);

      await client.query(`DELETE FROM delivery_search_words WHERE id > $1; UPDATE store_counts SET value = $1 WHERE name = 'search_indexed_through'`.replace(/\$1/g, String(ids[0])));
      expect(await lexemesByRow(client)).toHaveProperty('size', 1);
      expect({ settled: await found('"settled"'), prefix: await found('"settl'), run: await found('ettle') }).toEqual(indexed);
    } finally {
      await client.end();
    }
  });

  it('is filled in a pause between deliveries, without a read asking', async () => {
    await withStore(async (store, client) => {
      for (const body of analyzedTraffic(40, 3).map((r) => r.raw.body)) await store.storeDelivery(record(body));
      const deadline = Date.now() + 30_000;
      while ((await indexedThrough(client)) < 40) {
        if (Date.now() > deadline) throw new Error(`the index reached ${await indexedThrough(client)} of 40 in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await lexemesByRow(client)).size).toBe(40);
    });
  });
});
