import { randomUUID } from 'node:crypto';
import type { SimPayoutOrder } from '../model';
import type { OrderSink } from '../order-sink';
import { orderEvents } from '../scenarios/order-events';
import type { ScenarioEvent } from '../scenarios/scenario-event';
import { SeededRandom } from '../seeded-random';
import { maxAttempts, retryDelayMs } from './backoff';
import { callbackTarget, type CallbackTarget } from './callback-target';
import type { TimerHandle } from './clock';
import { deliveryHeaders } from './delivery-headers';
import { planDeliveries, type PlannedDelivery } from './delivery-plan';
import {
  resolveDispatcherOptions,
  type DispatcherBehaviour,
  type DispatcherOptions,
  type ResolvedDispatcherOptions,
} from './dispatcher-options';
import { DueQueue } from './due-queue';
import {
  addAttempt,
  deliveryStatuses,
  EventRecords,
  viewOf,
  type AttemptRecord,
  type DeliveryStatus,
  type DispatchEventView,
  type EventRecord,
} from './event-records';
import { applyBodyFaults, faultNames, headerFaults, type FaultName } from './faults';
import { DeliveryRateLimiter } from './rate-limiter';
import type { AttemptOutcome } from '@webhook-inspector/http-attempt';

export interface DispatcherState {
  /** Oldest first. */
  events: DispatchEventView[];
  counts: Record<DeliveryStatus, number>;
}

/**
 * The service's webhook sender: turns each created order into its recipients' event streams and delivers
 * them per spec 4.1, 7 and 8 (signed exact bytes, retries with backoff, 4xx abandons, 3xx never followed,
 * 5 per second), with the at-least-once and out-of-order behaviour of spec 6 drawn from the seed.
 */
export class WebhookDispatcher implements OrderSink {
  private readonly options: ResolvedDispatcherOptions;
  private readonly records: EventRecords;
  private readonly queue = new DueQueue();
  private readonly limiter: DeliveryRateLimiter;
  private readonly deliveryRandom: SeededRandom;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private idleWaiters: Array<() => void> = [];
  private pendingCount = 0;
  private timer: TimerHandle | null = null;
  private nextId = 1;
  private closed = false;

  constructor(options: DispatcherOptions) {
    this.options = resolveDispatcherOptions(options);
    this.records = new EventRecords(this.options.maxEvents);
    this.limiter = new DeliveryRateLimiter(this.options.deliveriesPerSecond);
    this.deliveryRandom = SeededRandom.forKey(this.options.seed, 'deliveries');
  }

  /** Queues the order's webhooks; returns its events (when each occurs), sent or not (no callback URL). */
  orderCreated(order: SimPayoutOrder): readonly ScenarioEvent[] {
    if (this.closed) return [];
    const { clock, seed, timeScale } = this.options;
    const events = orderEvents(order, SeededRandom.forKey(seed, 'order', order.uuid), {
      startTime: new Date(clock.now()),
      pace: timeScale,
      unknownEventRate: this.options.unknownEventRate,
    });
    if (!order.callback_url) return events;
    // A recipient's skipped events (a test fault) occur, so its payout record moves on, but are never sent.
    const skipped = new Map(order.recipients.filter((r) => r.skipEvents).map((r) => [r.uuid, new Set(r.skipEvents)]));
    const sent = skipped.size === 0 ? events : events.filter((e) => !skipped.get(e.recipientUuid)?.has(e.event));
    const plan = planDeliveries(sent, this.deliveryRandom, this.options);
    const target = callbackTarget(order.callback_url, this.options.allowPlainHttp);
    const created: EventRecord[] = [];
    for (const planned of plan) {
      const original = planned.duplicateOf === null ? null : (created[planned.duplicateOf] ?? null);
      const record = this.createRecord(planned, target, original);
      created.push(record);
      this.records.add(record);
      if (target.url === null) this.finish(record, 'abandoned');
      else {
        this.pendingCount++;
        this.queueAttempt(record, planned.dueAt);
      }
    }
    this.records.trim();
    this.pump();
    return events;
  }

  get timeScale(): number {
    return this.options.timeScale;
  }

  /** Sends a permanently failed event again, with a fresh budget of attempts. */
  resend(eventId: number): boolean {
    const record = this.records.get(eventId);
    if (this.closed || record?.status !== 'failed_permanently') return false;
    record.status = 'pending';
    record.attemptsInSeries = 0;
    this.pendingCount++;
    this.queueAttempt(record, this.options.clock.now());
    this.pump();
    return true;
  }

  state(): DispatcherState {
    const events = [...this.records.all()].map(viewOf);
    const counts = Object.fromEntries(deliveryStatuses.map((s) => [s, 0])) as Record<DeliveryStatus, number>;
    for (const event of events) counts[event.status]++;
    return { events, counts };
  }

  /** The exact body text an event is sent with. */
  eventBody(eventId: number): string | null {
    return this.records.get(eventId)?.body.toString('utf8') ?? null;
  }

  /** Behaviour for orders created from now on (events already queued keep theirs). */
  /** Changes the behaviour, and the read timeout too (to make a receiver's answers come too late, in a test). */
  configure(settings: DispatcherBehaviour & Pick<DispatcherOptions, 'readTimeoutMs'>): void {
    const defined = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
    Object.assign(this.options, defined);
    if (settings.faults) this.options.faults = { ...settings.faults };
  }

  behaviour(): Required<DispatcherBehaviour> & { faults: Record<FaultName, boolean> } {
    const { deliveryIdMode, duplicateRate, reorderRate, unknownEventRate, faults } = this.options;
    const switches = Object.fromEntries(faultNames.map((name) => [name, faults[name] === true])) as Record<FaultName, boolean>;
    return { deliveryIdMode, duplicateRate, reorderRate, unknownEventRate, faults: switches };
  }

  /** Resolves once no event is pending (all delivered, abandoned or permanently failed), or on close. */
  idle(): Promise<void> {
    if (this.pendingCount === 0 || this.closed) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer !== null) this.options.clock.clearTimer(this.timer);
    this.timer = null;
    this.queue.clear();
    this.abort.abort();
    await Promise.all(this.inFlight);
    this.wakeIdleWaiters();
  }

  /** A duplicate shares its original's bytes, faults and fixed delivery UUID: it is the same event sent again. */
  private createRecord(planned: PlannedDelivery, target: CallbackTarget, original: EventRecord | null): EventRecord {
    const base = {
      id: this.nextId++,
      event: planned.event,
      target: target.url,
      reordered: planned.reordered,
      status: 'pending' as const,
      attempts: [],
      attemptCount: 0,
      attemptsInSeries: 0,
      inFlight: false,
      nextAttemptAt: null,
      note: target.refused,
    };
    if (original) {
      const { body, faults, fixedDeliveryId, id } = original;
      return { ...base, body, faults: [...faults], fixedDeliveryId, duplicateOf: id };
    }
    const { bodyText, applied } = applyBodyFaults(planned.event.bodyText, this.options.faults);
    const faults = [...applied, ...headerFaults(this.options.faults)];
    return { ...base, body: Buffer.from(bodyText, 'utf8'), faults, fixedDeliveryId: randomUUID(), duplicateOf: null };
  }

  private queueAttempt(record: EventRecord, dueAt: number): void {
    record.nextAttemptAt = dueAt;
    this.queue.push(record.id, dueAt);
    this.changed(record);
  }

  /** Starts every due attempt the rate allows, then sleeps until the next one can start. */
  private pump(): void {
    if (this.closed) return;
    const now = this.options.clock.now();
    for (let due = this.queue.peek(); due !== undefined && due.dueAt <= now; due = this.queue.peek()) {
      const startAt = this.limiter.nextStartAt(now);
      if (startAt === null || startAt > now) break;
      this.queue.shift();
      const record = this.records.get(due.recordId);
      if (record?.status === 'pending') this.startAttempt(record, now);
    }
    this.armTimer(now);
  }

  private armTimer(now: number): void {
    const { clock } = this.options;
    if (this.timer !== null) clock.clearTimer(this.timer);
    this.timer = null;
    const due = this.queue.peek();
    if (due === undefined) return;
    // With every slot held by a send in flight, that send's end pumps again.
    const wakeAt = due.dueAt > now ? due.dueAt : this.limiter.nextStartAt(now);
    if (wakeAt === null) return;
    this.timer = clock.setTimer(() => {
      this.timer = null;
      this.pump();
    }, Math.max(0, wakeAt - now));
  }

  private startAttempt(record: EventRecord, now: number): void {
    const { clock, account } = this.options;
    const release = this.limiter.begin(now);
    const deliveryId = this.options.deliveryIdMode === 'fixed' ? record.fixedDeliveryId : randomUUID();
    const number = ++record.attemptCount;
    const attempt: AttemptRecord = {
      number,
      inSeries: record.attemptsInSeries + 1,
      startedAt: now,
      deliveryId,
      statusCode: null,
      error: null,
      errorCode: null,
      durationMs: null,
    };
    addAttempt(record, attempt);
    record.attemptsInSeries++;
    record.inFlight = true;
    record.nextAttemptAt = null;
    const headers = deliveryHeaders({
      event: record.event.event,
      body: record.body,
      secret: account.signingSecret(),
      deliveryId,
      dispatchedAtMs: now,
      faults: record.faults,
    });
    this.changed(record);
    const task = this.options.send({
      target: record.target!,
      body: record.body,
      headers,
      connectTimeoutMs: this.options.connectTimeoutMs,
      readTimeoutMs: this.options.readTimeoutMs,
      trustedFingerprint: this.options.trustedFingerprint,
      signal: this.abort.signal,
    }).then((outcome) => {
      release(clock.now());
      if (this.closed) return;
      this.settle(record, attempt, outcome);
      this.attempted(record, attempt);
      this.pump();
    });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  /** Spec 7: 2xx acknowledges, 4xx abandons, anything else (3xx, 5xx, timeout, connection) is retried. */
  private settle(record: EventRecord, attempt: AttemptRecord, outcome: AttemptOutcome): void {
    attempt.durationMs = outcome.durationMs;
    record.inFlight = false;
    if (outcome.kind === 'response') {
      const code = outcome.statusCode;
      attempt.statusCode = code;
      if (code >= 200 && code < 300) return this.finish(record, 'delivered');
      if (code >= 400 && code < 500) return this.finish(record, 'abandoned');
      if (code >= 300 && code < 400) attempt.error = `Redirect not followed${outcome.location ? ` (Location: ${outcome.location})` : ''}.`;
    } else {
      attempt.error = outcome.error;
      attempt.errorCode = outcome.errorCode;
    }
    if (record.attemptsInSeries >= maxAttempts) return this.finish(record, 'failed_permanently');
    this.queueAttempt(record, this.options.clock.now() + retryDelayMs(record.attemptsInSeries, this.options.timeScale));
  }

  private finish(record: EventRecord, status: Exclude<DeliveryStatus, 'pending'>): void {
    const wasPending = record.status === 'pending' && record.target !== null;
    record.status = status;
    record.nextAttemptAt = null;
    this.changed(record);
    if (!wasPending) return;
    this.pendingCount--;
    this.records.trim();
    if (this.pendingCount === 0) this.wakeIdleWaiters();
  }

  private wakeIdleWaiters(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }

  private attempted(record: EventRecord, attempt: AttemptRecord): void {
    const listener = this.options.onAttempt;
    if (!listener) return;
    try {
      const event = viewOf(record);
      listener(event, event.attempts.find((a) => a.number === attempt.number) ?? { ...attempt, startedAt: new Date(attempt.startedAt).toISOString() });
    } catch {
      // A failing listener (the program's printer) must not stop deliveries.
    }
  }

  private changed(record: EventRecord): void {
    const listener = this.options.onChange;
    if (!listener) return;
    try {
      listener(viewOf(record));
    } catch {
      // A failing listener (the UI) must not stop deliveries.
    }
  }
}
