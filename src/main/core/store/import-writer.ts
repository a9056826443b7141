import type { DeliveryRecord } from '../delivery-record/delivery-record';
import type { InspectorStore } from './inspector-store';

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
export function storeWriter(store: InspectorStore): ImportWriter {
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
