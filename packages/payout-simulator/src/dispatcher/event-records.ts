import type { PayoutType, ScenarioName } from '../model';
import type { ScenarioEvent } from '../scenarios/scenario-event';
import type { FaultName } from './faults';

export type DeliveryStatus = 'pending' | 'delivered' | 'abandoned' | 'failed_permanently';
export const deliveryStatuses: readonly DeliveryStatus[] = ['pending', 'delivered', 'abandoned', 'failed_permanently'];

export interface AttemptRecord {
  /** 1-based, counted across re-sends. */
  number: number;
  /** 1-based within its series of at most 8 (spec 8): a re-send starts a new series. */
  inSeries: number;
  startedAt: number;
  deliveryId: string;
  statusCode: number | null;
  error: string | null;
  /** The system's code of the error (ECONNREFUSED, DEPTH_ZERO_SELF_SIGNED_CERT…) when it had one. */
  errorCode: string | null;
  /** Null while in flight. */
  durationMs: number | null;
}

export interface EventRecord {
  id: number;
  event: ScenarioEvent;
  body: Buffer;
  target: URL | null;
  /** Faults applied to this event, fixed when it was queued so every attempt sends the same thing. */
  faults: FaultName[];
  /** X-Service-Delivery in `fixed` mode; a duplicate shares its original's. */
  fixedDeliveryId: string;
  duplicateOf: number | null;
  reordered: boolean;
  status: DeliveryStatus;
  attempts: AttemptRecord[];
  attemptCount: number;
  /** Attempts since the event was queued or last re-sent; the backoff budget counts these. */
  attemptsInSeries: number;
  inFlight: boolean;
  nextAttemptAt: number | null;
  /** Why the event was not sent at all (e.g. a plain-HTTP callback URL while that is refused). */
  note: string | null;
}

export interface AttemptView {
  number: number;
  inSeries: number;
  startedAt: string;
  deliveryId: string;
  statusCode: number | null;
  error: string | null;
  errorCode: string | null;
  durationMs: number | null;
}

/** One event as the Simulator panel shows it. */
export interface DispatchEventView {
  id: number;
  orderUuid: string;
  recipientUuid: string;
  recipientEmail: string;
  event: string;
  scenario: ScenarioName;
  payoutType: PayoutType;
  streamKey: string;
  occurredAt: string;
  callbackUrl: string | null;
  duplicateOf: number | null;
  reordered: boolean;
  faults: FaultName[];
  status: DeliveryStatus;
  inFlight: boolean;
  nextAttemptAt: string | null;
  attempts: AttemptView[];
  /** Attempts since it was queued or last re-sent (the next one is this + 1, of 8). */
  attemptsInSeries: number;
  note: string | null;
}

export function viewOf(record: EventRecord): DispatchEventView {
  const { event } = record;
  return {
    id: record.id,
    orderUuid: event.orderUuid,
    recipientUuid: event.recipientUuid,
    recipientEmail: event.recipientEmail,
    event: event.event,
    scenario: event.scenario,
    payoutType: event.payoutType,
    streamKey: event.streamKey,
    occurredAt: event.occurredAt.toISOString(),
    callbackUrl: record.target?.href ?? null,
    duplicateOf: record.duplicateOf,
    reordered: record.reordered,
    faults: [...record.faults],
    status: record.status,
    inFlight: record.inFlight,
    nextAttemptAt: record.nextAttemptAt === null ? null : new Date(record.nextAttemptAt).toISOString(),
    attempts: record.attempts.map((a) => ({ ...a, startedAt: new Date(a.startedAt).toISOString() })),
    attemptsInSeries: record.attemptsInSeries,
    note: record.note,
  };
}

/** Attempts kept per event: the last few re-sends' worth, so one stubborn event cannot grow without bound. */
const attemptsKept = 32;

export function addAttempt(record: EventRecord, attempt: AttemptRecord): void {
  record.attempts.push(attempt);
  if (record.attempts.length > attemptsKept) record.attempts.splice(0, record.attempts.length - attemptsKept);
}

/** The events, oldest first, bounded: past the limit the oldest finished events are forgotten (pending ones never). */
export class EventRecords {
  private readonly records = new Map<number, EventRecord>();

  constructor(private readonly maxEvents: number) {}

  add(record: EventRecord): void {
    this.records.set(record.id, record);
  }

  get(id: number): EventRecord | undefined {
    return this.records.get(id);
  }

  all(): IterableIterator<EventRecord> {
    return this.records.values();
  }

  trim(): void {
    if (this.records.size <= this.maxEvents) return;
    for (const [id, record] of this.records) {
      if (this.records.size <= this.maxEvents) return;
      if (record.status !== 'pending') this.records.delete(id);
    }
  }
}
