import type { Db } from './db';

/**
 * The two indexes keyed by random values, an idempotency key and a lifecycle key, in a file of their own beside the
 * store (`<store>-keys`) with 1024-byte pages. A delivery's commit writes a leaf of each wherever its key falls: at
 * 4096-byte pages in the store's file they were three quarters of a commit's WAL on a store of 200,000 deliveries,
 * and alone at 1024-byte pages they write 4.9 KiB per delivery against 11.8 (bench/HISTORY.md, issue 27's sixth
 * round). The rows keep 4096-byte pages, which their reads need.
 *
 * `delivery_keys` is an index, not data: every row is a delivery's id (`row_id`) and its two keys (`idempotency`,
 * `lifecycle`; named apart from the deliveries' columns, so that a join reads those unqualified), written by triggers
 * in the same transaction as the delivery, so that a read finds a delivery's copies as soon as it is committed. Its
 * commits are never synced (`synchronous = NORMAL` on every connection), and only the store's WAL is synced before a
 * 2xx (wal-sync.ts): after a power cut it may lack the last deliveries, hold keys of a commit the store lost, or keep
 * a row whose deletion (retention, committed without an fsync) the store kept. Opening the store mends the first
 * two, and a count of its rows that differs from the store's finds the third, or a file beside another copy of the
 * store: it is then filled again, as a missing or older file is.
 */
export const deliveryKeysSchema = 'keys';

/** Its layout's version (PRAGMA user_version of the keys file): a file of another version is rebuilt. */
const keysVersion = 2;
const keysPageSize = 1024;
/**
 * The page cache of the receiver's connection to it (the writer thread's), KiB: 2,000 pages, where SQLite's default
 * (16,000 KiB) holds 16,000. A commit that follows a page split scans every page the cache holds: SQLite's
 * balance_nonroot() renumbers the new pages through the lock-byte page's number, past the file's end, and the commit
 * then drops every cached page past the end, visiting them all. With the default cache that scan cost the receiver's
 * commits of 16 about 12 µs per delivery on a store of 200,000 deliveries (41.6 → 29.3 µs: bench/HISTORY.md, issue
 * 27's ninth round); its inserts fall on random leaves, which a larger cache keeps few of anyway. Other connections
 * keep the default: their reads walk a key's range (a retry storm's 300,000 copies before they are derived took 20 %
 * longer with this cache), and their commits are few, or large.
 */
const receiverCacheKib = 2_000;

/** The keys file of a store file (an in-memory store keeps its keys in memory too). */
export function deliveryKeysFile(storeFile: string): string {
  return storeFile === '' || storeFile === ':memory:' ? ':memory:' : `${storeFile}-keys`;
}

const tableSql = `
  CREATE TABLE IF NOT EXISTS ${deliveryKeysSchema}.delivery_keys (
    row_id INTEGER PRIMARY KEY,
    idempotency TEXT,
    lifecycle TEXT
  ) STRICT;
  -- Each entry holds its row_id too (a rowid table's index does): a key's deliveries come back in arrival order.
  CREATE INDEX IF NOT EXISTS ${deliveryKeysSchema}.delivery_keys_by_idempotency ON delivery_keys (idempotency)
    WHERE idempotency IS NOT NULL;
  CREATE INDEX IF NOT EXISTS ${deliveryKeysSchema}.delivery_keys_by_lifecycle ON delivery_keys (lifecycle)
    WHERE lifecycle IS NOT NULL;
  -- Its rows, counted by the triggers: opened beside a store whose count differs, it is rebuilt.
  CREATE TABLE IF NOT EXISTS ${deliveryKeysSchema}.delivery_keys_count (rows INTEGER NOT NULL) STRICT;
  INSERT INTO ${deliveryKeysSchema}.delivery_keys_count SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM ${deliveryKeysSchema}.delivery_keys_count);`;

// TEMP triggers, the only ones that may reach into another file: each connection that writes deliveries makes them.
// Inside a trigger a table is named without its schema; a TEMP trigger's names are looked up in every file.
const triggersSql = `
  CREATE TEMP TRIGGER IF NOT EXISTS delivery_keys_follow_inserts AFTER INSERT ON main.deliveries
  BEGIN
    INSERT OR REPLACE INTO delivery_keys (row_id, idempotency, lifecycle)
    VALUES (new.id, new.idempotency_key, new.lifecycle_key);
    UPDATE delivery_keys_count SET rows = rows + 1;
  END;
  CREATE TEMP TRIGGER IF NOT EXISTS delivery_keys_follow_updates AFTER UPDATE OF idempotency_key, lifecycle_key ON main.deliveries
  BEGIN
    UPDATE delivery_keys SET idempotency = new.idempotency_key, lifecycle = new.lifecycle_key WHERE row_id = new.id;
  END;
  CREATE TEMP TRIGGER IF NOT EXISTS delivery_keys_follow_deletes AFTER DELETE ON main.deliveries
  BEGIN
    DELETE FROM delivery_keys WHERE row_id = old.id;
    UPDATE delivery_keys_count SET rows = rows - 1;
  END;`;

/**
 * How a connection attaches the keys file: the statement (the file bound to it), and the pragmas after it. Data, so
 * that a worker's connection (sqlite-worker.ts, whose code is a string) attaches it the same way.
 */
export function deliveryKeysAttachment(storeFile: string) {
  return {
    attachSql: `ATTACH DATABASE ? AS ${deliveryKeysSchema}`,
    file: deliveryKeysFile(storeFile),
    pragmas: [
      // Its commits need no fsync: what a power cut takes from it, opening the store mends. Set once here, not around
      // each writer call as the store's own (relaxed-sync.ts); a checkpoint still syncs it.
      `${deliveryKeysSchema}.synchronous = NORMAL`,
    ],
  };
}

/**
 * Attaches the store's keys file to a connection, and on one that writes deliveries makes the triggers that keep
 * it. `create`: the first connection of a process (openStore) also creates, rebuilds or mends it before any other
 * opens it. `receives`: the connection commits the receiver's deliveries, a few at a time (the writer thread).
 */
export function attachDeliveryKeys(db: Db, options: { writes: boolean; create?: boolean; receives?: boolean }): void {
  const attachment = deliveryKeysAttachment(db.name);
  db.prepare(attachment.attachSql).run(attachment.file);
  if (options.create) createDeliveryKeys(db);
  for (const pragma of attachment.pragmas) db.pragma(pragma);
  if (options.receives) db.pragma(`${deliveryKeysSchema}.cache_size = -${receiverCacheKib}`);
  if (options.writes) db.exec(triggersSql);
}

function createDeliveryKeys(db: Db): void {
  const version = db.pragma(`${deliveryKeysSchema}.user_version`, { simple: true }) as number;
  if (version !== keysVersion) {
    // A new file takes the page size before its first write; an older layout is dropped and rebuilt (it is only an index).
    db.pragma(`${deliveryKeysSchema}.page_size = ${keysPageSize}`);
    db.exec(`DROP TABLE IF EXISTS ${deliveryKeysSchema}.delivery_keys; DROP TABLE IF EXISTS ${deliveryKeysSchema}.delivery_keys_count`);
    db.pragma(`${deliveryKeysSchema}.journal_mode = WAL`);
    db.transaction(() => {
      db.exec(tableSql);
      db.pragma(`${deliveryKeysSchema}.user_version = ${keysVersion}`);
    })();
  }
  mendDeliveryKeys(db);
}

/**
 * Makes the keys file what the deliveries say: drops rows past the last delivery (a power cut lost their commit;
 * their ids will be given again) and adds the deliveries past its last row (a power cut lost them here, or the file
 * is new). If its count still differs from the store's (a deletion lost here alone, or the keys of another copy of
 * the store), it is filled again from every delivery.
 */
function mendDeliveryKeys(db: Db): void {
  const keys = deliveryKeysSchema;
  const fillFrom = db.prepare(
    `INSERT INTO ${keys}.delivery_keys (row_id, idempotency, lifecycle)
     SELECT id, idempotency_key, lifecycle_key FROM main.deliveries WHERE id > ? ORDER BY id`,
  );
  const count = db.prepare(`SELECT rows FROM ${keys}.delivery_keys_count`).pluck();
  const setCount = db.prepare(`UPDATE ${keys}.delivery_keys_count SET rows = ?`);
  const lastDeliveryId = db.prepare('SELECT coalesce(max(id), 0) FROM main.deliveries').pluck();
  const lastKeyId = db.prepare(`SELECT coalesce(max(row_id), 0) FROM ${keys}.delivery_keys`).pluck();
  const storedCount = db.prepare("SELECT value FROM main.store_counts WHERE name = 'deliveries'").pluck();
  // As it is after a clean stop: nothing to write, so no write lock to wait for (another program may hold it).
  if (lastKeyId.get() === lastDeliveryId.get() && count.get() === storedCount.get()) return;
  // Begun as a write: another program writing the store meanwhile is waited for (busy_timeout), not a failure.
  db.transaction(() => {
    const lastDelivery = lastDeliveryId.get() as number;
    const dropped = db.prepare(`DELETE FROM ${keys}.delivery_keys WHERE row_id > ?`).run(lastDelivery).changes;
    const added = fillFrom.run(lastKeyId.get() as number).changes;
    const rows = (count.get() as number) - dropped + added;
    const stored = storedCount.get() as number;
    if (rows === stored) {
      setCount.run(rows);
      return;
    }
    db.prepare(`DELETE FROM ${keys}.delivery_keys`).run();
    setCount.run(fillFrom.run(0).changes);
  }).immediate();
}
