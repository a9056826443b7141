import { mkdirSync } from 'node:fs';
import { bulkWriter } from './bulk-writer';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import type { InspectorStore } from '../common/inspector-store';
import { openStore } from './open';
import { openStoreAt, sqliteFileOf, type StoreLocation } from '../store-location';
import { builtWriterThreadFile } from './writer-thread/thread-file';
import { threadedBulkWriter } from './writer-thread/threaded-bulk-writer';

/** How a command stores many deliveries (an import): a chunk at a time, everything durable and derived by `finish`. */
export interface ImportWriter {
  chunkRows: number;
  /** Whether the next chunk may be read while this one is stored. */
  overlapped: boolean;
  /** Settles once the chunk is stored. */
  store(records: DeliveryRecord[]): Promise<unknown> | unknown;
  /** Waits for what is under way, makes it durable with its duplicate groups and lifecycles derived, and closes the store. */
  finish(): Promise<void>;
}

/** Deliveries per chunk into PostgreSQL: queued in one turn, they share the store's group commits. */
const postgresChunkRows = 1_000;

/**
 * The store's own writer, as a team server's upload stores into it (each delivery through `storeDelivery`, group
 * committed), then every delivery derived before the store closes: what the team server shows at once.
 */
function storeWriter(store: InspectorStore): ImportWriter {
  return {
    chunkRows: postgresChunkRows,
    overlapped: true,
    store: (records) => Promise.all(records.map((record) => store.storeDelivery(record))),
    async finish() {
      try {
        await store.drain();
        await store.derived.catchUpAll();
      } finally {
        await store.close();
      }
    },
  };
}

/**
 * A data dir's SQLite file (created when missing) through the bulk writer: a transaction per large chunk, stored on
 * the writer thread while the command reads the next, where the build has it.
 */
function sqliteBulkWriter(dataDir: string): ImportWriter {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = openStore(sqliteFileOf(dataDir));
  const threadFile = builtWriterThreadFile();
  const writer = threadFile ? threadedBulkWriter(db, threadFile) : bulkWriter(db);
  return {
    chunkRows: writer.chunkRows,
    overlapped: writer.overlapped,
    store: (records) => writer.store(records),
    async finish() {
      try {
        await writer.finish();
      } finally {
        db.close();
      }
    },
  };
}

/** Where an import at `location` stores what it reads: the store's own writer on PostgreSQL, the bulk writer on SQLite. */
export async function openImportWriter(location: StoreLocation): Promise<ImportWriter> {
  return location.url !== undefined ? storeWriter(await openStoreAt(location)) : sqliteBulkWriter(location.dataDir);
}
