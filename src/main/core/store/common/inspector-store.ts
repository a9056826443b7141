import type { z } from 'zod';
import type { UpkeepFailure } from '../../../../shared/contract';
import type { DeliveryDetail, DeliveryFilter, DeliverySummary } from '../../../../shared/delivery';
import type { DeliveryIdEvidence, Lifecycle, ListedDuplicateGroup, OrderSummary, RecipientView } from '../../../../shared/lifecycle';
import type { ReplayRecord, ReplaySentBody } from '../../../../shared/replay';
import type { RetentionLimits } from '../../../../shared/retention';
import type { IncomingDelivery } from '../../delivery-record/delivery-record';
import type { DeliveryListPage, ListQuery } from './delivery-view-rows';
import type { LifecycleFilter, ListedLifecycle } from './lifecycle-listing';
import type { RetentionCounts } from './pruning';
import type { ReplaySource } from './replay-source-rows';
import type { ReplayDraft } from './replay-rows';
import type { ExportedDelivery, ExportScope, StoredDelivery } from './stored-delivery';
import type { ReconcileStore } from './reconcile-records';

/** Small typed key/value settings, read synchronously (the engines keep them at hand); each value validated on the way out. */
export interface SettingsStore {
  read<T>(key: string, schema: z.ZodType<T>): T | undefined;
  /** Takes effect for reads at once; stored durably in the background (`InspectorStore.close` waits for it). */
  write(key: string, value: unknown): void;
  remove(key: string): void;
}

/** One stretch of a body-by-body search. */
export interface ScannedStretch {
  /** The matches in the stretch, newest stored first. */
  items: DeliverySummary[];
  /** Receive time (ms) of the oldest delivery in the stretch; null when it held none. */
  oldestReceivedAt: number | null;
}

/** The duplicate groups and lifecycle summaries, derived from the stored deliveries after their commit. */
export interface DerivedResults {
  /** Derives the pending deliveries shortly, in the background. */
  schedule(): void;
  /** Before reading them: derives what is pending now (a bounded amount, unless a rebuild is under way). */
  catchUpForRead(): Promise<void>;
  /** Derives everything pending (a command about to read a whole store). */
  catchUpAll(): Promise<void>;
  /** Whether every stored delivery is included. */
  isCurrent(): Promise<boolean>;
  /** Deriving has been failing for a while (a retry that succeeds is not a failure): since when, and why; else null. */
  failure(): UpkeepFailure | null;
  /** Told when it starts or stops failing so. */
  onFailureChange(listener: () => void): void;
}

/** The deliveries of an export's scope: how many, and in arrival order, a page after an id. */
export interface ScopeReader {
  total: number;
  /** The ids stored among those asked for (a selection of ids only). */
  storedIds(): Promise<number[]>;
  page(afterId: number, limit: number): Promise<StoredDelivery[]>;
}

/** What the local store holds of one relay source. */
export interface DeliverySourceStore {
  alreadyStored(relayIds: string[]): Promise<Set<string>>;
  /** Deliveries stored from this source, in every run. */
  count(): Promise<number>;
  cursor: { read(): string; write(cursor: string): void };
}

/**
 * The inspector's own store, whatever engine keeps it: SQLite (embedded, the default) or PostgreSQL (a team's
 * shared server). Every module of the core outside store/ goes through this; each engine answers the same.
 */
export interface InspectorStore {
  readonly engine: 'sqlite' | 'postgresql';

  /**
   * Stores one delivery, analysing it first when it comes as captured; resolves with its id once committed
   * durably (group commit: one commit serves many).
   */
  storeDelivery(delivery: IncomingDelivery): Promise<number>;
  /** Called after each commit with the newest stored id. */
  onCommitted(listener: (latestId: number) => void): void;
  /** Commits what is queued (a command about to read back what it stored). */
  drain(): Promise<void>;

  /** Every stored delivery, as of the last commit. */
  deliveryCount(): number;
  listDeliveries(query: ListQuery): Promise<DeliveryListPage>;
  getDelivery(id: number): Promise<DeliveryDetail | null>;
  /** How a free-text search for `text` goes: through an index at once, or body by body (`scanForText`). */
  textSearchMode(text: string): 'index' | 'scan';
  /** The oldest and the newest stored id (0 and 0 when empty): what a body-by-body search covers. */
  storedIdRange(): Promise<{ oldestId: number; latestId: number }>;
  /** The deliveries with ids in [fromId, belowId) matching the filter, its text included (the same test as listDeliveries). */
  scanForText(filter: DeliveryFilter, fromId: number, belowId: number): Promise<ScannedStretch>;
  deliveryFacets(): Promise<{ events: string[]; paths: string[] }>;

  readonly derived: DerivedResults;
  listDuplicateGroups(beforeLastId: number | undefined, limit: number): Promise<{ items: ListedDuplicateGroup[]; total: number }>;
  deliveryIdEvidence(): Promise<DeliveryIdEvidence>;
  listLifecycles(filter: LifecycleFilter, beforeLastDeliveryId: number | undefined, limit: number): Promise<ListedLifecycle[]>;
  lifecycleFacets(): Promise<{ statuses: string[]; findings: string[]; orders: string[] }>;
  /** A lifecycle rebuilt from its deliveries, every delivery of each event listed (exports, replays). */
  loadLifecycle(key: string): Promise<Lifecycle | null>;
  /** The same lifecycle as a view shows it: each event's first copies listed, all counted, without reading every copy. */
  viewLifecycle(key: string): Promise<Lifecycle | null>;
  getRecipient(recipientKey: string): Promise<RecipientView | null>;
  getOrder(orderUuid: string): Promise<{ summary: OrderSummary; recipients: RecipientView[] } | null>;
  listOrders(limit: number): Promise<OrderSummary[]>;

  /** Recomputes every delivery's derived columns (a secret change, an analyzer upgrade); rebuilds the derived results when keys changed. */
  reanalyze(secret: string | null, options?: { rebuild?: boolean }): Promise<number>;

  readonly replays: {
    insert(draft: ReplayDraft): Promise<ReplayRecord>;
    /** Newest first. */
    listForDelivery(deliveryId: number, limit?: number): Promise<ReplayRecord[]>;
    /** The exact bytes one replay sent (an edited one's own, else its delivery's); null when there is no such replay. */
    sentBody(replayId: number): Promise<ReplaySentBody | null>;
  };
  readonly replaySources: {
    one(id: number): Promise<ReplaySource | null>;
    /** The ones that exist, in arrival order. */
    many(ids: readonly number[]): Promise<ReplaySource[]>;
    /** Every copy of one event (a duplicate group), in arrival order. */
    withIdempotencyKey(key: string): Promise<ReplaySource[]>;
  };

  /** Retention: what the store holds, and the pruning of the oldest deliveries past the limits. */
  readonly retention: {
    /** As of the last commit or prune. */
    counts(): RetentionCounts;
    /**
     * Removes up to `maxRows` of the oldest deliveries (receive order) past the limits, with their replays, search
     * entries and derived rows, in one short transaction that never holds up a delivery's commit; resolves with
     * how many (0: none past the limits, or none derived yet).
     */
    pruneBatch(limits: RetentionLimits, maxRows: number, now?: number): Promise<number>;
  };

  /** Reconcile's records (runtime spans, runs) and the deliveries it joins. */
  readonly reconcile: ReconcileStore;

  readonly settings: SettingsStore;
  deliverySource(name: string): DeliverySourceStore;

  /** Export readers. */
  scope(scope: ExportScope): Promise<ScopeReader>;
  storedDelivery(id: number): Promise<StoredDelivery | null>;
  /** Every delivery in arrival order, with the first copy of its duplicate group: a page after an id. */
  exportPage(afterId: number, limit: number): Promise<ExportedDelivery[]>;
  /** Lifecycle keys in order, a page after a key. */
  lifecycleKeys(afterKey: string, limit: number): Promise<string[]>;

  /** Commits what is queued, stops background work, closes the connections. */
  close(): Promise<void>;
}
