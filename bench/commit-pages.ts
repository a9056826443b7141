/**
 * Where the receiver's commits write, page by page, on a store that already holds many deliveries (issue 27): the
 * bytes goal is per delivery, and a B-tree keyed by a random value (an idempotency key, a lifecycle key) costs a leaf
 * (or a split) per new entry once it is larger than a transaction's worth of leaves. New deliveries (the
 * benchmarks' traffic, new to the store in use and received after every delivery in it) are inserted as the writer
 * inserts them, in commits of N, with no checkpoint, and each frame of the WAL is counted against the table or index
 * that owns its page (`dbstat`). Then the two key indexes alone, in a file of their own, at 4096- and 1024-byte
 * pages: what a random leaf costs at each size; and the CPU of the keys file's commits with its page cache as the
 * store sets it, and as SQLite's default.
 *
 *   BENCH_COMMIT_PAGES_STORED=200000   # deliveries in the store before (built once, then kept in bench/.cache)
 *   BENCH_COMMIT_PAGES_ROWS=3200       # new deliveries per commit size
 */
import Database from 'better-sqlite3';
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildDeliveryRecord } from '../src/main/core/delivery-record/build-record';
import { insertColumns, insertValues } from '../src/main/core/store/common/delivery-columns';
import { insertDeliverySql } from '../src/main/core/store/sqlite/deliveries';
import { attachDeliveryKeys, deliveryKeysFile } from '../src/main/core/store/sqlite/delivery-keys';
import { openStore } from '../src/main/core/store/sqlite/open';
import { derivationSteps } from '../src/main/core/store/sqlite/derived-tables';
import { storeInUse } from './store-in-use';
import { benchSecret, generateDeliveries } from './generate';
import { cacheDir, positiveInt } from './scale';
import { median } from './stats';

const commitSizes = [16, 64, 500];
/** The new deliveries' receive times, moved past every stored one (the generator's clock starts at the same instant). */
const later = 10 * 365 * 86_400_000;
/** The WAL's header, and each frame's before its page (sqlite.org/fileformat2.html, "WAL File Format"). */
const walHeaderBytes = 32;
const frameHeaderBytes = 24;

/**
 * The WAL's frames by the table or index owning each frame's page; frames of pages no tree owns count as "(free)".
 * `schema`: the store's file (main) or its keys file (keys).
 */
function framesByTree(db: Database.Database, walFile: string, schema = 'main', fromFrame = 0): { frames: number; byTree: Map<string, number> } {
  const pageSize = db.pragma(`${schema}.page_size`, { simple: true }) as number;
  const wal = readFileSync(walFile);
  const owner = new Map(db.prepare('SELECT pageno, name FROM dbstat(?)').raw().all(schema) as Array<[number, string]>);
  const byTree = new Map<string, number>();
  let frames = 0;
  const frameBytes = frameHeaderBytes + pageSize;
  for (let at = walHeaderBytes + fromFrame * frameBytes; at + frameBytes <= wal.length; at += frameBytes) {
    const name = owner.get(wal.readUInt32BE(at)) ?? '(free)';
    byTree.set(name, (byTree.get(name) ?? 0) + 1);
    frames++;
  }
  return { frames, byTree };
}

/** A store file with its WAL and shared-memory index, and its keys file with theirs. */
function removeStore(file: string): void {
  for (const name of [file, deliveryKeysFile(file)]) for (const suffix of ['', '-wal', '-shm']) rmSync(name + suffix, { force: true });
}

/** A copy of the stored store, opened with no checkpoint, so that its WALs keep every frame the commits write. */
function freshCopy(stored: string, file: string): Database.Database {
  removeStore(file);
  copyFileSync(stored, file);
  copyFileSync(deliveryKeysFile(stored), deliveryKeysFile(file));
  const db = openStore(file);
  db.pragma('wal_autocheckpoint = 0');
  return db;
}

function commitCosts(stored: string, dir: string, rows: readonly unknown[][]): string[] {
  const lines: string[] = [];
  for (const perCommit of commitSizes) {
    const file = join(dir, `commits-of-${perCommit}.sqlite3`);
    const db = freshCopy(stored, file);
    try {
      const insert = db.prepare(insertDeliverySql);
      const commit = db.transaction((batch: readonly unknown[][]) => {
        for (const row of batch) insert.run(...row);
      });
      for (let at = 0; at < rows.length; at += perCommit) commit(rows.slice(at, at + perCommit));
      const perRow = (count: number, schema: string) =>
        ((count * (db.pragma(`${schema}.page_size`, { simple: true }) as number)) / 1024 / rows.length).toFixed(2).padStart(6);
      const wals = [['main', `${file}-wal`], ['keys', `${deliveryKeysFile(file)}-wal`]] as const;
      const report = (what: string, after: Map<string, number>) => {
        for (const [schema, wal] of wals) {
          const { frames, byTree } = framesByTree(db, wal, schema, after.get(schema) ?? 0);
          lines.push(`  ${what} ${schema === 'main' ? "the store's" : 'the keys file\'s'} WAL ${perRow(frames, schema)} KiB per delivery, of which:`);
          for (const [tree, count] of [...byTree].sort((a, b) => b[1] - a[1]).slice(0, 8)) lines.push(`    ${tree.padEnd(32)} ${perRow(count, schema)} KiB`);
        }
      };
      report(`commits of ${String(perCommit).padEnd(4)}`, new Map());
      // Then their duplicate groups, lifecycles and filters, derived in transactions of as many rows (the search
      // index is filled apart, in pauses, a thousand rows a transaction).
      const inserted = new Map(wals.map(([schema, wal]) => [schema, framesByTree(db, wal, schema).frames]));
      derivationSteps(db, { batchRows: perCommit }).catchUpAll();
      report(`derived ${String(perCommit).padEnd(4)}`, inserted);
    } finally {
      db.close();
      removeStore(file);
    }
  }
  return lines;
}

/** The key indexes alone, in a file of `pageSize` pages holding the stored deliveries' keys: WAL KiB per new delivery. */
function keyIndexesAlone(stored: string, dir: string, pageSize: number, rows: readonly unknown[][], keyColumns: [number, number], perCommit: number): number {
  const file = join(dir, `keys-${pageSize}.sqlite3`);
  removeStore(file);
  const db = new Database(file);
  try {
    db.pragma(`page_size = ${pageSize}`);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.exec(`
      CREATE TABLE delivery_keys (id INTEGER PRIMARY KEY, idempotency_key TEXT, lifecycle_key TEXT) STRICT;
      CREATE INDEX keys_by_key ON delivery_keys (idempotency_key, id) WHERE idempotency_key IS NOT NULL;
      CREATE INDEX keys_by_lifecycle ON delivery_keys (lifecycle_key, id) WHERE lifecycle_key IS NOT NULL;`);
    db.prepare('ATTACH ? AS stored').run(stored);
    db.exec('INSERT INTO delivery_keys SELECT id, idempotency_key, lifecycle_key FROM stored.deliveries ORDER BY id; DETACH stored');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const insert = db.prepare('INSERT INTO delivery_keys (idempotency_key, lifecycle_key) VALUES (?, ?)');
    const commit = db.transaction((batch: readonly unknown[][]) => {
      for (const row of batch) insert.run(row[keyColumns[0]], row[keyColumns[1]]);
    });
    for (let at = 0; at < rows.length; at += perCommit) commit(rows.slice(at, at + perCommit));
    return framesByTree(db, `${file}-wal`).frames * (pageSize / 1024) / rows.length;
  } finally {
    db.close();
    removeStore(file);
  }
}

/**
 * CPU per delivery of the keys file's commits of 16 (its rows written as the triggers write them), on a copy of the
 * stored keys file whose cache was first filled by reading both indexes (as a long-running store's is), with the page
 * cache of the receiver's connection (`attachDeliveryKeys`, `receives`), or SQLite's default (16,000 KiB). The two
 * alternate, each on a fresh copy.
 */
function keysCommitCpu(stored: string, dir: string, rows: readonly unknown[][], keyColumns: [number, number], ownCache: boolean): number {
  const file = join(dir, 'keys-cache.sqlite3');
  removeStore(file);
  copyFileSync(deliveryKeysFile(stored), deliveryKeysFile(file));
  const db = new Database(file);
  try {
    attachDeliveryKeys(db, { writes: false, receives: ownCache });
    for (const key of ['idempotency', 'lifecycle']) {
      db.prepare(`SELECT count(*) FROM keys.delivery_keys INDEXED BY delivery_keys_by_${key} WHERE ${key} > ''`).get();
    }
    db.pragma('wal_autocheckpoint = 0');
    const firstId = (db.prepare('SELECT max(row_id) FROM keys.delivery_keys').pluck().get() as number) + 1;
    const insert = db.prepare('INSERT INTO keys.delivery_keys (row_id, idempotency, lifecycle) VALUES (?, ?, ?)');
    const count = db.prepare('UPDATE keys.delivery_keys_count SET rows = rows + 1');
    const commit = db.transaction((batch: readonly unknown[][], at: number) => {
      batch.forEach((row, i) => {
        insert.run(firstId + at + i, row[keyColumns[0]], row[keyColumns[1]]);
        count.run();
      });
    });
    const before = process.cpuUsage();
    for (let at = 0; at < rows.length; at += 16) commit(rows.slice(at, at + 16), at);
    const used = process.cpuUsage(before);
    return (used.user + used.system) / rows.length;
  } finally {
    db.close();
    removeStore(file);
  }
}

export async function runCommitPages(): Promise<string[]> {
  const storedCount = positiveInt('BENCH_COMMIT_PAGES_STORED', 200_000);
  const newCount = positiveInt('BENCH_COMMIT_PAGES_ROWS', 3_200);
  const stored = await storeInUse(storedCount);
  const rows = [...generateDeliveries(newCount)].map(({ raw, facts }) =>
    insertValues(buildDeliveryRecord(raw, { ...facts, receivedAt: facts.receivedAt + later }, benchSecret, () => ({ status: 200, body: '', reason: 'bench' }))),
  );
  const dir = join(cacheDir, 'commit-pages-work');
  mkdirSync(dir, { recursive: true });
  try {
    console.log(`${newCount.toLocaleString('en')} new deliveries inserted into a store of ${storedCount.toLocaleString('en')}, no checkpoint: the WAL's pages by table or index`);
    for (const line of commitCosts(stored, dir, rows)) console.log(line);
    const keyColumns: [number, number] = [insertColumns.indexOf('idempotency_key'), insertColumns.indexOf('lifecycle_key')];
    console.log('The two key indexes alone, in a file of their own (its narrow table and both indexes), commits of 16:');
    for (const pageSize of [4096, 1024]) {
      console.log(`  page size ${String(pageSize).padEnd(5)} WAL ${keyIndexesAlone(stored, dir, pageSize, rows, keyColumns, 16).toFixed(2).padStart(6)} KiB per delivery`);
    }
    const cpu = { own: [] as number[], sqliteDefault: [] as number[] };
    for (let run = 0; run < 3; run++) {
      cpu.sqliteDefault.push(keysCommitCpu(stored, dir, rows, keyColumns, false));
      cpu.own.push(keysCommitCpu(stored, dir, rows, keyColumns, true));
    }
    const shown = (values: number[]) => `${median(values).toFixed(1)} µs (${values.map((v) => v.toFixed(1)).join(', ')})`;
    console.log("The keys file's commits of 16, CPU per delivery, its cache first filled (median of 3, alternating):");
    console.log(`  SQLite's default cache (16,000 KiB, as before)  ${shown(cpu.sqliteDefault)}`);
    console.log(`  the receiver's (attachDeliveryKeys, receives)  ${shown(cpu.own)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return [];
}
