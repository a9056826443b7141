import type { ReplayRecord } from '../../../shared/replay';
import type { InspectorStore } from '../store/inspector-store';
import type { ReplayDraft } from '../store/writer';
import { InFlight } from './in-flight';
import { sendReplay, type OutgoingRequest, type SenderLimits, type SentReplay } from './send-replay';

/** Sends replays and forwards with the service's limits, and records each one under its delivery. */
export class OutboundReplays {
  private readonly inFlight = new InFlight();
  private readonly replays: InspectorStore['replays'];

  constructor(
    store: InspectorStore,
    private readonly limits: SenderLimits,
    private readonly onRecorded: (record: ReplayRecord) => void,
  ) {
    this.replays = store.replays;
  }

  get closing(): boolean {
    return this.inFlight.closed;
  }

  send(out: OutgoingRequest): Promise<SentReplay> {
    return this.inFlight.track(sendReplay(out, this.limits, this.inFlight.signal));
  }

  /** Stores one replay or forward and tells the UI; null once the core is closing (the store is about to close). */
  async record(draft: ReplayDraft): Promise<ReplayRecord | null> {
    if (this.closing) return null;
    // Tracked: closing waits for it before the store closes.
    const record = await this.inFlight.track(this.replays.insert(draft));
    this.onRecorded(record);
    return record;
  }

  /** Replays and forwards of one delivery, newest first. */
  list(deliveryId: number): Promise<ReplayRecord[]> {
    return this.replays.listForDelivery(deliveryId);
  }

  /** Aborts the sends still running and waits for them. */
  close(): Promise<void> {
    return this.inFlight.close();
  }
}
