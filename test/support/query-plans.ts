import Database from 'better-sqlite3';
import type { DeliveryFilter } from '../../src/shared/delivery';
import { attachDeliveryKeys } from '../../src/main/core/store/sqlite/delivery-keys';
import { connectionPragmas, type Db } from '../../src/main/core/store/sqlite/open';
import { migrations } from '../../src/main/core/store/sqlite/migrations';
import { inProcessWriter } from '../../src/main/core/store/sqlite/in-process-writer';
import { sqliteStore } from '../../src/main/core/store/sqlite/sqlite-store';
import type { ExportScope } from '../../src/main/core/store/common/stored-delivery';
import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { giftCardBody } from './deliveries';
import { analyzedTraffic, storeInBulk } from './realistic-traffic';

/**
 * A store file migrated to `version` (every migration by default), with the connection settings of the app, and
 * from schema 19 on its keys file attached as openStore attaches it.
 */
export function storeAtVersion(file: string, version = migrations.length): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  for (const pragma of connectionPragmas) db.pragma(pragma);
  db.transaction(() => {
    for (const migrate of migrations.slice(0, version)) migrate(db);
    db.pragma(`user_version = ${version}`);
  })();
  if (version >= 19) attachDeliveryKeys(db, { writes: true, create: true });
  return db;
}

/** The filters the list offers, alone and together. */
const filters: DeliveryFilter[] = [
  {},
  { event: 'gift_card.recipient.created' },
  { form: 'crypto_form_a' },
  { signature: 'invalid' },
  { path: '/webhooks' },
  { event: 'gift_card.recipient.created', signature: 'valid' },
];
/** Texts the body index answers (a word, a long run) and one it does not (searched body by body). */
const texts = ['rossi', 'c0ffee00-1234-4a5b-8c9d-0123456789ab', 'walsh500'];

/**
 * Every SQL text the SQLite store prepares while it stores realistic traffic, derives, indexes, and answers each
 * view, search, export, replay source, pull cursor, reanalysis and retention prune: the real statements, recorded
 * from better-sqlite3's `prepare`, not copies of them.
 */
export async function preparedStatements(db: Db): Promise<string[]> {
  const seen = new Set<string>();
  const prepare = db.prepare.bind(db);
  db.prepare = ((sql: string) => {
    seen.add(sql);
    return prepare(sql);
  }) as Db['prepare'];
  try {
    const records = analyzedTraffic(120, 27);
    await storeInBulk(db, records.slice(0, 100));
    const writer = inProcessWriter(db);
    const store = sqliteStore(db, writer);
    // And two copies of a body without an idempotency key: a group of identical bytes, read as the key's are.
    const { raw, facts } = records[0]!;
    const keyless = buildDeliveryRecord({ ...raw, body: giftCardBody({ updated_at: 1772446530 }) }, facts, null, () => ({ status: 200, body: '{}', reason: 'test' }));
    for (const record of [...records.slice(100), keyless, keyless]) await store.storeDelivery(record);
    await store.drain();
    await store.derived.catchUpAll();
    for (const filter of filters) {
      const first = await store.listDeliveries({ filter, limit: 5 });
      const beforeId = first.items.at(-1)?.id ?? 50;
      await store.listDeliveries({ filter, limit: 5, beforeId });
      await store.listDeliveries({ filter, limit: 5, afterId: 10 });
      for (const text of texts) {
        await store.listDeliveries({ filter: { ...filter, text }, limit: 2 });
        await store.listDeliveries({ filter: { ...filter, text }, limit: 2, beforeId: 100 });
        await store.scanForText({ ...filter, text }, 1, 60);
      }
    }
    await store.storedIdRange();
    await store.deliveryFacets();
    for (let id = 1; id <= 120; id += 7) await store.getDelivery(id);
    await store.getDelivery(122);
    await store.listDuplicateGroups(undefined, 10);
    await store.deliveryIdEvidence();
    const lifecycles = await store.listLifecycles({}, undefined, 10);
    await store.lifecycleFacets();
    await store.listOrders(10);
    // Values to pass, read without being recorded.
    const key = prepare('SELECT idempotency_key FROM deliveries WHERE idempotency_key IS NOT NULL LIMIT 1').pluck().get() as string;
    const lifecycleKey = lifecycles[0]?.key ?? 'none';
    await store.loadLifecycle(lifecycleKey);
    await store.viewLifecycle(lifecycleKey);
    await store.replaySources.one(3);
    await store.replaySources.many([3, 4]);
    await store.replaySources.withIdempotencyKey(key);
    const scopes: ExportScope[] = ['all', { deliveryIds: [1, 2] }, { idempotencyKey: key }, { lifecycleKey }];
    for (const scope of scopes) {
      const reader = await store.scope(scope);
      await reader.storedIds();
      await reader.page(0, 10);
    }
    await store.storedDelivery(5);
    await store.exportPage(0, 10);
    await store.lifecycleKeys('', 10);
    const source = store.deliverySource('relay');
    await source.alreadyStored(['a', 'b']);
    await source.count();
    await store.reanalyze(null, { rebuild: true });
    await store.retention.pruneBatch({ keepDays: 1, keepBytes: 1 }, 30, Date.now() + 10 * 86_400_000);
    await store.derived.catchUpAll();
    await writer.close();
  } finally {
    db.prepare = prepare;
  }
  return [...seen];
}

/** Statements that read (or delete from) the deliveries table or its keys, each once, in the order first prepared. */
export function readingDeliveries(statements: readonly string[]): string[] {
  return [...new Set(statements.map(normalized))].filter((sql) => /\b(FROM|JOIN)\s+(deliveries|delivery_keys)\b/i.test(sql));
}

const normalized = (sql: string) => sql.replace(/\s+/g, ' ').trim();

/** `EXPLAIN QUERY PLAN` of a statement as SQLite prints it: one line per step, indented under its parent. */
export function queryPlan(db: Db, sql: string): string {
  const explain = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const named = [...new Set([...sql.matchAll(/@(\w+)/g)].map((m) => m[1]!))];
  const rows = bindNulls(named, (args) => explain.all(...args)) as Array<{ id: number; parent: number; detail: string }>;
  const depth = new Map<number, number>([[0, -1]]);
  return rows
    .map((row) => {
      const level = (depth.get(row.parent) ?? -1) + 1;
      depth.set(row.id, level);
      return `${'  '.repeat(level)}${row.detail}`;
    })
    .join('\n');
}

/** Runs `run` with every parameter NULL (a plan does not depend on the values without statistics). */
function bindNulls(named: string[], run: (args: unknown[]) => unknown): unknown {
  const object = named.length ? [Object.fromEntries(named.map((name) => [name, null]))] : [];
  for (let count = 0; count < 64; count++) {
    try {
      return run([...object, ...new Array<null>(count).fill(null)]);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
    }
  }
  throw new Error('more than 64 parameters');
}
