import type { UpkeepFailure } from '../../../shared/contract';
import type { DeliveryDetail, DeliveryFilter, DeliverySummary } from '../../../shared/delivery';
import type { DeliveryIdEvidence, Lifecycle, ListedDuplicateGroup, OrderSummary, RecipientView } from '../../../shared/lifecycle';
import type { ReconcileRun, ReconcileRunSummary } from '../../../shared/reconcile';
import type { ReplayRecord, ReplaySentBody } from '../../../shared/replay';
import type { DeliveryListPage, ListQuery } from './common/delivery-view-rows';
import type { LifecycleFilter, ListedLifecycle } from './common/lifecycle-listing';
import type { RetentionCounts } from './common/pruning';
import type { ReconcileDelivery, RuntimeSpan } from './common/reconcile-records';
import type { ReplaySource } from './common/replay-source-rows';
import type { SettingsReader } from './common/settings-store';
import type { ExportedDelivery, ExportScope, StoredDelivery } from './common/stored-delivery';

/**
 * What reads the inspector's store, whatever engine keeps it: a part of the store's door (`InspectorStore`,
 * inspector-store.ts, is this, `StoreWriter` and the store's lifecycle). A caller that only reads takes this.
 */

export type { DeliveryListPage, ListQuery, LifecycleFilter, ListedLifecycle, RetentionCounts, ReplaySource, SettingsReader };
export type { ExportedDelivery, ExportScope, StoredDelivery };
export type { RuntimeComponent } from './common/reconcile-records';
export type { ReconcileDelivery, RuntimeSpan };

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

/** What reconcile reads: the deliveries it joins, when the parts ran, the runs kept. */
export interface ReconcileReads {
  /** Every delivery that belongs to a lifecycle, in arrival order. */
  deliveries(): Promise<ReconcileDelivery[]>;
  readonly runtime: {
    /** Spans still open, or closed at or after `sinceMs`, oldest first. */
    spans(sinceMs: number): Promise<RuntimeSpan[]>;
  };
  readonly runs: {
    /** Newest first. */
    list(limit: number): Promise<ReconcileRunSummary[]>;
    get(id: string): Promise<ReconcileRun | null>;
    /** The newest finished (`done`) run, or null. */
    latestDone(): Promise<ReconcileRun | null>;
  };
}

/** The store's reads: the listing, a delivery's details, groups, lifecycles, the exports' and reconcile's reads. */
export interface StoreReader {
  /** Called after each commit with the newest stored id. */
  onCommitted(listener: (latestId: number) => void): void;

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

  /** The derived results' upkeep, which their reads wait for (`catchUpForRead`, `catchUpAll`). */
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

  readonly replays: {
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

  readonly retention: {
    /** What the store holds, as of the last commit or prune. */
    counts(): RetentionCounts;
  };

  readonly reconcile: ReconcileReads;
  readonly settings: SettingsReader;

  /** Export readers. */
  scope(scope: ExportScope): Promise<ScopeReader>;
  storedDelivery(id: number): Promise<StoredDelivery | null>;
  /** Every delivery in arrival order, with the first copy of its duplicate group: a page after an id. */
  exportPage(afterId: number, limit: number): Promise<ExportedDelivery[]>;
  /** Lifecycle keys in order, a page after a key. */
  lifecycleKeys(afterKey: string, limit: number): Promise<string[]>;
}
