import type pg from 'pg';
import { RecentBodyConclusions } from '../../analysis/recent-body-conclusions';
import { analysedRecord } from '../../delivery-record/build-record';
import type { IncomingDelivery } from '../../delivery-record/delivery-record';
import type { DerivedResults } from '../reader';
import { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { pgDerivedResults } from './derived';
import { pgDeliveryWriter, type StoredCounts } from './delivery-writer';
import type { Logger } from '../../logger';

/** The derivation as the store drives it: DerivedResults, with the rebuild after a re-analysis, and its stop. */
export type PgDerived = DerivedResults & { rebuild(): Promise<void>; close(): Promise<void> };

/** What stores deliveries and derives from them, on this thread or on the writer thread (writer-thread/). */
export interface PgStoreWrites {
  /** Analyses the delivery (if it comes as captured), stores it with the next group commit; its id once committed. */
  storeDelivery(delivery: IncomingDelivery): Promise<number>;
  /** Commits what is queued. */
  drain(): Promise<void>;
  readonly derived: PgDerived;
  /** Commits what is queued and stops the derivation (the pool stays its owner's). */
  close(): Promise<void>;
}

export interface PgStoreWritesOptions {
  log: Logger;
  /** After each commit: the latest id stored and the store's counts as that commit left them. */
  onCommitted(latestId: number, counts: StoredCounts): void;
  /** The parsed bodies of the latest deliveries, shared with whatever else refreshes lifecycles on this thread. */
  parsedBodies?: RecentParsedBodies;
}

/**
 * The deliveries' analysis, group commits and derivation on one pool, in this thread: each delivery is analysed as
 * it is handed over, its batch committed, and the derivation scheduled after each commit.
 */
export function pgStoreWrites(pool: pg.Pool, options: PgStoreWritesOptions): PgStoreWrites {
  const parsedBodies = options.parsedBodies ?? new RecentParsedBodies();
  const derived = pgDerivedResults(pool, { parsedBodies, log: options.log });
  const writer = pgDeliveryWriter(pool, {
    parsedBodies,
    onCommitted(latestId, counts) {
      options.onCommitted(latestId, counts);
      derived.schedule();
    },
  });
  const recentBodies = new RecentBodyConclusions();
  return {
    storeDelivery: (delivery) => writer.enqueue(analysedRecord(delivery, recentBodies)),
    drain: () => writer.drain(),
    derived,
    async close() {
      await writer.drain();
      await derived.close();
    },
  };
}
