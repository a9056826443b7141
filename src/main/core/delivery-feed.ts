import type { EventName } from '../../shared/contract';
import type { DeliverySummary } from '../../shared/delivery';
import type { ReplayRecord } from '../../shared/replay';
import type { RawDelivery, ReceiverForward } from '@webhook-inspector/capture';
import type { StoreReader } from './store/reader';
import type { Logger } from './logger';

/** What a delivery's live forward got: the handler's status, or why there was none. */
export interface FedForward {
  /** Where it went; null when the feed stopped before it was recorded. */
  url: string | null;
  /** The handler's status; null when it gave none (`error` says why). */
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** One stored delivery as the feed tells it. */
export interface FedDelivery {
  summary: DeliverySummary;
  /** The first copy of its duplicate group when this one is a later copy of it; null when it is new. */
  copyOf: number | null;
  /** Its live forward; null when none was sent (forwarding off, a request not forwarded, an import). */
  forward: FedForward | null;
}

/** In-process events of the core (control/event-stream.ts `subscribe`). */
export type EventSubscription = (listener: (name: EventName, payload: unknown) => void) => () => void;

export interface DeliveryFeedDeps {
  store: Pick<StoreReader, 'listDeliveries' | 'getDelivery' | 'replays'>;
  subscribe: EventSubscription;
  log: Logger;
}

/** The rows read at once after a commit; more are read in pages of as many. */
const pageSize = 500;

const stoppedForward = (): FedForward => ({ url: null, status: null, durationMs: 0, error: 'stopped before the forward was recorded' });

function fedForward(record: ReplayRecord): FedForward {
  return { url: record.url, status: record.response?.status ?? null, durationMs: Math.round(record.durationMs), error: record.error };
}

/**
 * Each delivery the core stores, in the order stored, for an in-process reader (`webhook-inspector listen`): its
 * summary, read after the core's `deliveries.changed`, whether it copies one stored before, and, when it was
 * forwarded, what the handler answered (read after `replays.changed`). The receiver and the relay source say, per
 * stored delivery, whether its forward began (`forwardBegun`/`stored`, `relayed`), so that a delivery not forwarded
 * is told at once and one forwarded waits for its answer. One reader at a time.
 */
export class DeliveryFeed {
  /** The captures whose forward began, until the store gives their id. */
  private readonly forwarding = new WeakSet<RawDelivery>();
  private follower: Follower | null = null;

  constructor(private readonly deps: DeliveryFeedDeps) {}

  /** The receiver's forward hook, passed through: notes which captures are forwarded. */
  forwardBegun(raw: RawDelivery, forward: ReceiverForward | null): ReceiverForward | null {
    if (forward !== null) this.forwarding.add(raw);
    return forward;
  }

  /** The receiver's store, passed through: once the capture has its id, whether its forward began is known. */
  stored(raw: RawDelivery, storing: Promise<number>): Promise<number> {
    storing.then(
      (id) => this.follower?.told(id, this.forwarding.has(raw)),
      () => {},
    );
    return storing;
  }

  /** A delivery the relay source stored, and whether it was forwarded after. */
  relayed(id: number, forwarded: boolean): void {
    this.follower?.told(id, forwarded);
  }

  /**
   * Tells `onDelivery` of every delivery stored from now on, one at a time in the order stored. `stop` stops it
   * once what was read is told (a forward still unanswered as stopped).
   */
  async follow(onDelivery: (delivery: FedDelivery) => void): Promise<{ stop(): Promise<void> }> {
    if (this.follower !== null) throw new Error('the delivery feed has a reader already');
    const follower = new Follower(this.deps, onDelivery);
    this.follower = follower;
    await follower.start();
    return {
      stop: async () => {
        if (this.follower === follower) this.follower = null;
        await follower.stop();
      },
    };
  }

  /** Before the store closes. */
  async close(): Promise<void> {
    const follower = this.follower;
    this.follower = null;
    await follower?.stop();
  }
}

class Follower {
  /** The newest id read. */
  private cursor = 0;
  /** The newest id stored before it started: told of nothing up to it. */
  private startedAfter: number | null = null;
  private stopped = false;
  /** Whether each stored delivery's forward began, as told, until its row is read. */
  private readonly forwardBegun = new Map<number, boolean>();
  private readonly beganWaiters = new Map<number, (forwarded: boolean | null) => void>();
  /** Deliveries whose forward's record is awaited: re-read when `replays.changed` names them. */
  private readonly recordWaiters = new Map<number, () => void>();
  private reading: Promise<void> = Promise.resolve();
  private readAgain = false;
  private telling: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly deps: DeliveryFeedDeps,
    private readonly onDelivery: (delivery: FedDelivery) => void,
  ) {
    this.unsubscribe = deps.subscribe((name, payload) => {
      if (name === 'deliveries.changed') this.scheduleRead();
      if (name === 'replays.changed') this.recordWaiters.get((payload as { deliveryId: number }).deliveryId)?.();
    });
  }

  async start(): Promise<void> {
    const { latestId } = await this.deps.store.listDeliveries({ filter: {}, limit: 1 });
    this.cursor = latestId;
    this.startedAfter = latestId;
    for (const id of this.forwardBegun.keys()) if (id <= latestId) this.forwardBegun.delete(id);
    // A commit while the cursor was read.
    this.scheduleRead();
  }

  told(id: number, forwarded: boolean): void {
    if (this.startedAfter !== null && id <= this.startedAfter) return;
    const waiter = this.beganWaiters.get(id);
    if (waiter) waiter(forwarded);
    else this.forwardBegun.set(id, forwarded);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.unsubscribe();
    await this.reading;
    for (const waiter of this.beganWaiters.values()) waiter(null);
    for (const waiter of this.recordWaiters.values()) waiter();
    await this.telling;
  }

  /** One read at a time; a commit during a read reads again after it. */
  private scheduleRead(): void {
    if (this.startedAfter === null || this.stopped) return;
    if (this.readAgain) return;
    this.readAgain = true;
    this.reading = this.reading.then(async () => {
      this.readAgain = false;
      try {
        await this.readNew();
      } catch (error) {
        this.deps.log.warn(`listen: could not read the new deliveries (${(error as Error).message})`);
      }
    });
  }

  private async readNew(): Promise<void> {
    for (;;) {
      const page = await this.deps.store.listDeliveries({ filter: {}, afterId: this.cursor, limit: pageSize });
      const rows = [...page.items].sort((a, b) => a.id - b.id);
      for (const summary of rows) {
        this.cursor = Math.max(this.cursor, summary.id);
        const prepared = this.prepare(summary);
        this.telling = this.telling.then(async () => this.onDelivery(await prepared));
      }
      if (rows.length < pageSize) return;
    }
  }

  private async prepare(summary: DeliverySummary): Promise<FedDelivery> {
    const [copyOf, forward] = await Promise.all([this.copyOf(summary), this.forwardOf(summary)]);
    return { summary, copyOf, forward };
  }

  /** A later copy's first copy: the same idempotency key, or without a key the same body bytes. */
  private async copyOf(summary: DeliverySummary): Promise<number | null> {
    if (summary.duplicateCount < 2) return null;
    const detail = await this.deps.store.getDelivery(summary.id);
    if (!detail) return null;
    if (detail.duplicateOf !== null) return detail.duplicateOf;
    return detail.group !== null && detail.group.firstId !== summary.id ? detail.group.firstId : null;
  }

  private async forwardOf(summary: DeliverySummary): Promise<FedForward | null> {
    // An import's deliveries come through neither the receiver nor a relay: never forwarded.
    if (summary.imported) return null;
    const forwarded = await this.forwardBegan(summary.id);
    if (forwarded === null) return stoppedForward();
    return forwarded ? this.forwardRecord(summary.id) : null;
  }

  private forwardBegan(id: number): Promise<boolean | null> {
    const known = this.forwardBegun.get(id);
    if (known !== undefined) {
      this.forwardBegun.delete(id);
      return Promise.resolve(known);
    }
    if (this.stopped) return Promise.resolve(null);
    return new Promise((resolve) =>
      this.beganWaiters.set(id, (forwarded) => {
        this.beganWaiters.delete(id);
        resolve(forwarded);
      }),
    );
  }

  /** Its forward's record, once stored: waited for from `replays.changed`, read first in case it came before. */
  private async forwardRecord(deliveryId: number): Promise<FedForward> {
    for (;;) {
      let wake = () => {};
      const changed = new Promise<void>((resolve) => (wake = resolve));
      this.recordWaiters.set(deliveryId, wake);
      try {
        const records = await this.deps.store.replays.listForDelivery(deliveryId, 20);
        const forward = records.find((record) => record.kind === 'forward');
        if (forward) return fedForward(forward);
        if (this.stopped) return stoppedForward();
        await changed;
        if (this.stopped) {
          const late = (await this.deps.store.replays.listForDelivery(deliveryId, 20)).find((record) => record.kind === 'forward');
          return late ? fedForward(late) : stoppedForward();
        }
      } finally {
        this.recordWaiters.delete(deliveryId);
      }
    }
  }
}
