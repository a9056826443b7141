import Database from 'better-sqlite3';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { bodySearchIndex, countBudgetRows, indexQuery, searchMatch } from '../../src/main/core/store/sqlite/body-search';
import { deliveryQueries } from '../../src/main/core/store/sqlite/deliveries';
import { filteredCountCap } from '../../src/main/core/store/common/delivery-view-rows';
import { listDeliveries } from '../../src/main/core/store/sqlite/delivery-views';
import { derivedTables } from '../support/derived-tables';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import type { InspectorStore } from '../../src/main/core/store/inspector-store';
import { openStore, type Db } from '../../src/main/core/store/sqlite/open';
import { tempDataDir } from '../support/core-fixture';
import { openTestStore, stopTestPostgres } from '../support/engines';
import { insertWithTodaysColumns } from '../support/old-store';
import { until } from '../support/until';

/** A delivery of the body as the ingest path records it (analysis included). */
const record = (body: Uint8Array, path: string) =>
  buildDeliveryRecord(
    { method: 'POST', path, query: '', headers: [], body, bodyTruncated: false },
    { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false },
    null,
    () => ({ status: 200, body: '{}', reason: 'test' }),
  );

/** Stores bodies through the ingest path's record and insert; returns their ids. */
function store(db: Db, bodies: Uint8Array[], path = '/hook'): number[] {
  const deliveries = deliveryQueries(db);
  return db.transaction(() => bodies.map((body) => deliveries.insert(record(body, path))))();
}

/** What a text filter meant before the index: every body scanned with the same test. */
function scanned(db: Db, text: string): number[] {
  return (
    db
      .prepare('SELECT id FROM deliveries WHERE instr(lower(CAST(body AS TEXT)), lower(?)) > 0 ORDER BY id DESC')
      .pluck()
      .all(text) as number[]
  );
}

/** Every page, as the UI scrolls: newest first, then `beforeId` the oldest row while a page comes back full. */
function allPages(db: Db, text: string, limit: number): number[] {
  const ids: number[] = [];
  for (let beforeId: number | undefined; ; ) {
    const page = listDeliveries(db, { filter: { text }, limit, ...(beforeId === undefined ? {} : { beforeId }) });
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < limit) return ids;
    beforeId = page.items[page.items.length - 1]!.id;
  }
}

const indexedThrough = (db: Db) =>
  db.prepare("SELECT value FROM store_counts WHERE name = 'search_indexed_through'").pluck().get() as number;

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('free-text search over bodies', () => {
  // Pieces chosen to collide: words and fragments in both cases, the separators identifiers are made of,
  // non-ASCII letters and marks, NUL, and bytes that are not UTF-8 (stray continuation bytes, cut sequences).
  // The long ones make runs of 16 letters and digits or more (alone or joined), which the second index holds.
  const words = ['a', 'b', 'ab', 'Ab', 'abc', 'ABC', 'abcd', 'bab', 'x9', '9', '25', '00', 'com', 'Com', 'comma', 'abcdefghij', '0123456789ABCDEF', 'zyxwvutsrqponmlkj'];
  const separators = [' ', '.', '-', '@', '_', '"', ':', ',', '\u0000'];
  const nonAscii = ['é', 'É', 'ß', 'İ', 'ǅ', '€', '😀', '\u0301', '\u00a0'];
  const rawBytes = [0x80, 0xa9, 0xaa, 0xc3, 0xe2, 0xff];
  const textPiece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...words) },
    { weight: 3, arbitrary: fc.constantFrom(...separators) },
    { weight: 1, arbitrary: fc.constantFrom(...nonAscii) },
  );
  const piece = fc.oneof({ weight: 8, arbitrary: textPiece }, { weight: 1, arbitrary: fc.constantFrom(...rawBytes) });
  const bytesOf = (pieces: Array<string | number>) =>
    Buffer.concat(pieces.map((p) => (typeof p === 'number' ? Buffer.from([p]) : utf8(p))));
  /** Flips the case of some ASCII letters (what lower() folds; other letters must match as they are). */
  const flipCase = (text: string, flips: boolean[]) =>
    [...text]
      .map((c, i) => (/[a-z]/i.test(c) && flips[i % flips.length] ? (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()) : c))
      .join('');

  /**
   * A store of random bodies, indexed up to a random row (often all), and texts: runs of a body's text
   * (up to a byte that is not UTF-8), some letters' case flipped, or random pieces.
   */
  const scenario = fc
    .array(fc.array(piece, { minLength: 3, maxLength: 24 }), { minLength: 1, maxLength: 24 })
    .chain((bodies) =>
      fc.record({
        bodies: fc.constant(bodies),
        indexed: fc.oneof(fc.constant(bodies.length), fc.nat({ max: bodies.length })),
        texts: fc.array(
          fc.oneof(
            { weight: 3, arbitrary: fc
              .record({
                body: fc.nat({ max: bodies.length - 1 }),
                from: fc.nat({ max: 23 }),
                length: fc.integer({ min: 1, max: 12 }),
                flips: fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
              })
              .map(({ body, from, length, flips }) => {
                const pieces = bodies[body]!.slice(from, from + length);
                const cut = pieces.findIndex((p) => typeof p === 'number');
                return flipCase((cut < 0 ? pieces : pieces.slice(0, cut)).join(''), flips);
              }) },
            { weight: 1, arbitrary: fc.array(textPiece, { minLength: 1, maxLength: 6 }).map((pieces) => pieces.join('')) },
          ),
          { minLength: 2, maxLength: 8 },
        ),
      }),
    );

  it('finds exactly what scanning every body finds, page by page, whatever is indexed yet', () => {
    let answeredByIndex = 0;
    let answeredByLongRuns = 0;
    fc.assert(
      fc.property(scenario, ({ bodies, indexed, texts }) => {
        const db = openStore(':memory:');
        try {
          store(db, bodies.map(bytesOf));
          if (indexed > 0) expect(bodySearchIndex(db).indexBatch(indexed)).toBe(indexed);
          for (const text of texts.filter((t) => t !== '')) {
            const expected = scanned(db, text);
            const page = listDeliveries(db, { filter: { text }, limit: 500 });
            expect(page.items.map((item) => item.id)).toEqual(expected);
            expect(page).toMatchObject({ total: expected.length, totalCapped: false });
            expect(allPages(db, text, 2)).toEqual(expected);
            const { table, match } = indexQuery(text);
            if (match !== null && expected.some((id) => id <= indexed)) {
              if (table === 'delivery_long_runs') answeredByLongRuns++;
              else answeredByIndex++;
            }
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: 500 },
    );
    // The cases must reach both indexes with rows to find, not only the scan.
    expect(answeredByIndex).toBeGreaterThan(50);
    expect(answeredByLongRuns).toBeGreaterThan(25);
  });

  it('finds on PostgreSQL (its index of words and long runs) exactly what the SQLite store finds, page by page', async () => {
    const [sqlite, postgres] = [await openTestStore('sqlite'), await openTestStore('postgresql')];
    const stored: Buffer[] = [];
    /** The rule itself: the raw body contains the text's bytes, ASCII letters in either case. */
    const lowerAscii = (bytes: Buffer) => Buffer.from(bytes.map((b) => (b >= 65 && b <= 90 ? b + 32 : b)));
    const contains = (text: string) =>
      stored.flatMap((body, i) => (lowerAscii(body).includes(lowerAscii(utf8(text))) ? [i + 1] : [])).reverse();
    const pages = async (store: InspectorStore, text: string) => {
      const ids: number[] = [];
      for (let beforeId: number | undefined; ; ) {
        const page = await store.listDeliveries({ filter: { text }, limit: 3, ...(beforeId === undefined ? {} : { beforeId }) });
        ids.push(...page.items.map((item) => item.id));
        if (page.items.length < 3) return ids;
        beforeId = page.items[page.items.length - 1]!.id;
      }
    };
    try {
      await fc.assert(
        fc.asyncProperty(scenario, async ({ bodies, texts }) => {
          const bytes = bodies.map(bytesOf);
          for (const store of [sqlite, postgres]) {
            const ids = await Promise.all(bytes.map((body) => store.storeDelivery(record(body, '/hook'))));
            expect(ids).toEqual(bytes.map((_, i) => stored.length + i + 1));
          }
          stored.push(...bytes);
          for (const text of texts.filter((t) => t !== '')) {
            const expected = contains(text);
            const [onSqlite, onPostgres] = await Promise.all([sqlite, postgres].map((store) => store.listDeliveries({ filter: { text }, limit: 500 })));
            expect(onSqlite!.items.map((item) => item.id)).toEqual(expected);
            expect(onPostgres!.items.map((item) => item.id)).toEqual(expected);
            expect(onPostgres).toMatchObject({ total: expected.length, totalCapped: false, order: 'stored' });
            expect(await pages(postgres, text)).toEqual(expected);
          }
        }),
        { numRuns: 60 },
      );
      expect(stored.length).toBeGreaterThan(100);
    } finally {
      await Promise.all([sqlite.close(), postgres.close()]);
      await stopTestPostgres();
    }
  });

  it('finds the same in bodies that parse as JSON objects, tested with LIKE, LIKE’s own characters included', () => {
    // Such bodies are valid UTF-8 without NUL, where the text test runs as LIKE: % _ and \ must stay literal.
    const jsonPiece = fc.oneof(textPiece, fc.constantFrom('%', '_', '\\', '%_', '\\%', 'a_b', '50%'));
    let withJson = 0;
    fc.assert(
      fc.property(
        fc.array(fc.array(jsonPiece, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 16 }),
        fc.array(fc.array(jsonPiece, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }),
        (notes, extraTexts, flips) => {
          const db = openStore(':memory:');
          try {
            const bodies = notes.map((pieces) => utf8(JSON.stringify({ event: 'note', note: pieces.join('') })));
            store(db, bodies);
            withJson += (db.prepare("SELECT count(*) FROM deliveries WHERE form <> 'unparseable'").pluck().get() as number) > 0 ? 1 : 0;
            const texts = [
              ...bodies.map((body, i) => flipCase(body.toString('utf8').slice(i % 7, (i % 7) + 3 + (i % 11)), flips)),
              ...extraTexts.map((pieces) => pieces.join('')),
            ];
            for (const text of texts.filter((t) => t !== '')) {
              expect(listDeliveries(db, { filter: { text }, limit: 500 }).items.map((item) => item.id)).toEqual(scanned(db, text));
            }
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 300 },
    );
    expect(withJson).toBe(300);
  });

  it('agrees with the index on which ASCII characters end a word', () => {
    const db = openStore(':memory:');
    const codes = Array.from({ length: 128 }, (_, code) => code);
    const ids = store(db, codes.map((code) => utf8(`k${String.fromCharCode(code)}middle${String.fromCharCode(code)}k`)));
    bodySearchIndex(db).indexBatch(codes.length);
    for (const code of codes) {
      const c = String.fromCharCode(code);
      const text = `${c}middle${c}`;
      // Whole word ("middle") when the character is a separator here; the index must then hold that word.
      if (/[A-Za-z0-9]/.test(c)) expect(searchMatch(text)).toBeNull();
      else expect(searchMatch(text)).toBe('"middle"');
      expect(listDeliveries(db, { filter: { text }, limit: 500 }).items.map((item) => item.id)).toEqual(scanned(db, text));
      expect(scanned(db, text)).toContain(ids[code]);
    }
    db.close();
  });

  it('indexes any bytes: every byte value, invalid UTF-8, NUL, an empty body', () => {
    const db = openStore(':memory:');
    const bodies = [
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from([0xff, 0xfe, 0x00, 0x41, 0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x82, 0x20, 0x62]),
      Buffer.alloc(0),
      Buffer.concat([utf8('{"note":"caf'), Buffer.from([0xc3, 0xa9, 0xa9]), utf8(' ok"}')]),
    ];
    store(db, bodies);
    expect(bodySearchIndex(db).indexBatch(10)).toBe(bodies.length);
    for (const text of [' b', 'A', 'caf', ' ok', 'é', 'café', '"note"']) {
      expect(listDeliveries(db, { filter: { text }, limit: 10 }).items.map((item) => item.id)).toEqual(scanned(db, text));
    }
    db.close();
  });

  it('combines with the other filters', () => {
    const db = openStore(':memory:');
    const body = utf8('{"recipient_email":"ada.lovelace@example.com"}');
    store(db, [body, body], '/a');
    store(db, [body], '/b');
    bodySearchIndex(db).indexBatch(2);
    const text = 'ada.lovelace@example.com';
    expect(searchMatch(text)).not.toBeNull();
    expect(listDeliveries(db, { filter: { text, path: '/a' }, limit: 10 })).toMatchObject({
      items: [{ id: 2 }, { id: 1 }],
      total: 2,
      totalCapped: false,
    });
    expect(listDeliveries(db, { filter: { text, path: '/b' }, limit: 10 }).items.map((item) => item.id)).toEqual([3]);
    expect(listDeliveries(db, { filter: { text, path: '/a' }, afterId: 1, limit: 10 }).items.map((item) => item.id)).toEqual([2]);
    db.close();
  });

  it('counts past a page with a bound on the rows it reads: then the total is a lower bound', () => {
    const db = openStore(':memory:');
    const rows = countBudgetRows + 5_000;
    // Bulk rows (the test is about counting, not analysis): every tenth holds "zq", every other "needle".
    db.exec(`
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${rows})
      INSERT INTO deliveries (received_at, method, path, query, headers, body, body_sha256, body_truncated, tls,
        response_status, response_body, response_reason, form, signature, signature_check, findings,
        error_count, warning_count, info_count)
      SELECT i, 'POST', '/bulk', '', '[]',
        CAST(printf('{"n":%d,"tag":"%s","word":"%s"}', i, CASE WHEN i % 10 = 0 THEN 'zq' ELSE 'x' END,
          CASE WHEN i % 2 = 0 THEN 'needle' ELSE 'hay' END) AS BLOB),
        '', 0, 1, 200, '', '', 'unknown', 'missing', '{}', '[]', 0, 0, 0
      FROM n;
    `);
    const index = bodySearchIndex(db);
    while (index.indexBatch(5_000) > 0);

    // A fragment (the scan): the newest countBudgetRows rows hold a tenth of matches; all rows hold more.
    expect(searchMatch('zq')).toBeNull();
    const fragment = listDeliveries(db, { filter: { text: 'zq' }, limit: 200 });
    expect(fragment.items.map((item) => item.id)).toEqual(scanned(db, 'zq').slice(0, 200));
    expect(fragment).toMatchObject({ total: countBudgetRows / 10, totalCapped: true });
    expect(scanned(db, 'zq').length).toBe(rows / 10);

    // Through the index: all candidates read, more matches than the cap, as before the index.
    const word = listDeliveries(db, { filter: { text: '"needle"' }, limit: 200 });
    expect(word.items.map((item) => item.id)).toEqual(scanned(db, '"needle"').slice(0, 200));
    expect(word).toMatchObject({ total: filteredCountCap, totalCapped: true });

    // A later page counts the same way: the total does not depend on where the page is.
    const older = listDeliveries(db, { filter: { text: 'zq' }, beforeId: 1_000, limit: 200 });
    expect(older.items.map((item) => item.id)).toEqual(scanned(db, 'zq').filter((id) => id < 1_000).slice(0, 200));
    expect(older).toMatchObject({ total: countBudgetRows / 10, totalCapped: true });
    db.close();
  });

  it.each([
    [6, 'before either index'],
    [9, 'with the word index only, which is built again with the second'],
  ])('indexes a store at schema %i (%s) in the background, and finds the same rows meanwhile', async (schema) => {
    const file = join(tempDataDir(), 'inspector.sqlite3');
    // A store as an earlier version left it.
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.transaction(() => {
      for (const migrate of migrations.slice(0, schema)) migrate(old);
      old.pragma(`user_version = ${schema}`);
    })();
    const bodies = Array.from({ length: 1_200 }, (_, i) =>
      utf8(
        `{"recipient_email":"user${i}@example.com","recipient_uuid":"3f2b1c4d-5e6f-4a7b-8c9d-${String(i).padStart(12, '0')}",` +
          `"tx_hash":"0x${createHash('sha256').update(String(i)).digest('hex')}"}`,
      ),
    );
    insertWithTodaysColumns(old, () => store(old, bodies));
    if (schema >= 7) {
      old.exec(`INSERT INTO delivery_search (rowid, body_text) SELECT id, CAST(body AS TEXT) FROM deliveries;
        UPDATE store_counts SET value = (SELECT max(id) FROM deliveries) WHERE name = 'search_indexed_through'`);
    }
    old.close();

    const db = openStore(file);
    expect(indexedThrough(db)).toBe(0);
    const text = '5e6f-4a7b-8c9d-000000000777';
    const hash = createHash('sha256').update('777').digest('hex').slice(7, 40).toUpperCase(); // inside that body's tx_hash
    expect(indexQuery(hash).table).toBe('delivery_long_runs');
    for (const t of [text, hash]) expect(listDeliveries(db, { filter: { text: t }, limit: 10 }).items.map((item) => item.id)).toEqual([778]);

    derivedTables(db).schedule();
    await until(
      async () => indexedThrough(db),
      (through) => through === bodies.length,
    );
    expect(indexedThrough(db)).toBe(bodies.length);
    for (const t of [text, hash]) expect(listDeliveries(db, { filter: { text: t }, limit: 10 }).items.map((item) => item.id)).toEqual([778]);
    expect(db.prepare('SELECT count(*) FROM delivery_long_runs WHERE delivery_long_runs MATCH ?').pluck().get(indexQuery(hash).match)).toBe(1);
    expect(listDeliveries(db, { filter: { text: 'user1@' }, limit: 10 }).items.map((item) => item.id)).toEqual(scanned(db, 'user1@'));
    db.close();
  });
});
