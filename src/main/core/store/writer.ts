import type { ReconcileRun } from '../../../shared/reconcile';
import type { ReplayRecord } from '../../../shared/replay';
import type { RetentionLimits } from '../../../shared/retention';
import type { IncomingDelivery } from '../delivery-record/delivery-record';
import type { RuntimeChange } from './common/reconcile-records';
import type { ReplayDraft } from './common/replay-rows';
import type { SettingsWriter } from './common/settings-store';

/**
 * What writes to the inspector's store, whatever engine keeps it: a part of the store's door (`InspectorStore`,
 * inspector-store.ts, is `StoreReader`, this and the store's lifecycle).
 */

export type { ReplayDraft, RuntimeChange, SettingsWriter };

/** What the local store holds of one relay source, and where its pull is. */
export interface DeliverySourceStore {
  alreadyStored(relayIds: string[]): Promise<Set<string>>;
  /** Deliveries stored from this source, in every run. */
  count(): Promise<number>;
  cursor: { read(): string; write(cursor: string): void };
}

/** What reconcile keeps: when the parts ran, and its runs. */
export interface ReconcileWrites {
  readonly runtime: {
    /** A span opened (its id), seen or closed (null). */
    apply(change: RuntimeChange): Promise<number | null>;
  };
  readonly runs: {
    /** Inserts or replaces the run, and removes the oldest past `keptReconcileRuns`. */
    save(run: ReconcileRun): Promise<void>;
  };
}

/** The store's writes: storing deliveries, re-analysis, replays, settings, pruning, reconcile's records, a source's pull. */
export interface StoreWriter {
  /**
   * Stores one delivery, analysing it first when it comes as captured; resolves with its id once committed
   * durably (group commit: one commit serves many).
   */
  storeDelivery(delivery: IncomingDelivery): Promise<number>;

  /** Recomputes every delivery's derived columns (a secret change, an analyzer upgrade); rebuilds the derived results when keys changed. */
  reanalyze(secret: string | null, options?: { rebuild?: boolean }): Promise<number>;

  readonly replays: {
    insert(draft: ReplayDraft): Promise<ReplayRecord>;
  };

  readonly retention: {
    /**
     * Removes up to `maxRows` of the oldest deliveries (receive order) past the limits, with their replays, search
     * entries and derived rows, in one short transaction that never holds up a delivery's commit; resolves with
     * how many (0: none past the limits, or none derived yet).
     */
    pruneBatch(limits: RetentionLimits, maxRows: number, now?: number): Promise<number>;
  };

  /** Reconcile's records (runtime spans, runs). */
  readonly reconcile: ReconcileWrites;
  readonly settings: SettingsWriter;
  /** A relay source's pull: what is stored of it already, and its cursor. */
  deliverySource(name: string): DeliverySourceStore;
}
