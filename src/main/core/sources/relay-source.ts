import type { RelayedDelivery, RelayPage, SourceHealth } from '../../../shared/relay';
import type { DeliveryRecord } from '../delivery-record/delivery-record';
import { followStream, fetchPage, PageTooLarge, RelayRefusal, type RelayEndpoint } from './relay-client';
import { buildDeliveryRecord } from '../delivery-record/build-record';
import { responseFor } from '@webhook-inspector/capture';
import type { Logger } from '../logger';

export interface RelaySourceDeps {
  endpoint: RelayEndpoint;
  /** The name deliveries are marked with (`relay:<host>` by default). */
  name: string;
  secret: () => string | null;
  /** Stores records durably (resolves once committed). */
  store: (records: DeliveryRecord[]) => Promise<void>;
  /** Which of these relay ids this source already stored. */
  alreadyStored: (relayIds: string[]) => Promise<Set<string>>;
  cursor: { read(): string; write(cursor: string): void };
  onHealth: (health: SourceHealth) => void;
  log: Logger;
  /** The waits after the relay refuses the token, one per refusal in a row, the last repeated (the defaults: `tokenRefusedBackoffMs`). */
  tokenRefusedBackoffMs?: readonly number[];
}

const backoffMs = [1000, 2000, 5000, 10_000, 30_000];
/**
 * After the relay refuses the token (rotated, revoked or wrong), the same token will not open it again until
 * someone acts: ask again after a growing delay, capped at 10 minutes, instead of every few seconds for ever.
 * Setting a new token starts the source afresh at once.
 */
export const tokenRefusedBackoffMs: readonly number[] = [30_000, 60_000, 120_000, 300_000, 600_000];
/** A relay's Retry-After is honoured up to this long. */
const longestWaitMs = 5 * 60_000;
const firstPageSize = 100;
const largestPageSize = 1000;

/** A relay's delivery as if the local receiver had captured it: same bytes, headers, time, address and answer. */
function toRecord(delivery: RelayedDelivery, source: string, secret: string | null): DeliveryRecord {
  return buildDeliveryRecord(
    {
      method: delivery.method,
      path: delivery.path,
      query: delivery.query,
      headers: delivery.headers,
      body: Buffer.from(delivery.bodyBase64, 'base64'),
      bodyTruncated: delivery.bodyTruncated,
    },
    {
      receivedAt: delivery.receivedAt,
      remoteAddress: delivery.remoteAddress,
      tls: delivery.tls,
      imported: false,
      source: { name: source, id: delivery.relayId },
    },
    secret,
    () => responseFor(delivery.response),
  );
}

/**
 * Pulls a relay's channel into the local store, outbound only: pages until it has caught up, then follows the
 * live stream; reconnects with backoff. Each delivery is stored once, keyed by its relay id, and the cursor is
 * saved only after what it covers is committed, so a crash at any point repeats a pull but never loses one.
 */
export class RelaySource {
  private readonly abort = new AbortController();
  private health: SourceHealth;
  private running: Promise<void> | null = null;
  private received = 0;

  constructor(private readonly deps: RelaySourceDeps) {
    this.health = { name: deps.name, url: deps.endpoint.url, state: 'connecting', behind: null, since: null, reason: null, nextRetryAt: null, received: 0 };
  }

  /** Health as last reported, with the count stored so far (deliveries arrive between reports). */
  get status(): SourceHealth {
    return { ...this.health, received: this.received };
  }

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private report(change: Partial<SourceHealth>): void {
    this.health = { ...this.health, ...change, received: this.received };
    this.deps.onHealth(this.health);
  }

  private async ingest(deliveries: RelayedDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const known = await this.deps.alreadyStored(deliveries.map((d) => d.relayId));
    const fresh = deliveries.filter((d) => !known.has(d.relayId));
    const secret = this.deps.secret();
    await this.deps.store(fresh.map((d) => toRecord(d, this.deps.name, secret)));
    this.received += fresh.length;
    this.deps.cursor.write(deliveries.at(-1)!.cursor);
  }

  /** A page from `after`, asked again in fewer deliveries while it is larger than a page may be. */
  private async fetchFitting(after: string, limit: number, signal: AbortSignal): Promise<{ page: RelayPage; limit: number }> {
    for (;;) {
      try {
        return { page: await fetchPage(this.deps.endpoint, after, limit, signal), limit };
      } catch (error) {
        if (!(error instanceof PageTooLarge) || limit === 1) throw error;
        limit = Math.ceil(limit / 2);
      }
    }
  }

  /**
   * Pages from the cursor until nothing is behind: small pages first (the first deliveries show at once), then
   * larger, the next page fetched while this one is stored.
   */
  private async catchUp(signal: AbortSignal): Promise<void> {
    let { page, limit } = await this.fetchFitting(this.deps.cursor.read(), firstPageSize, signal);
    for (;;) {
      this.report({ state: 'catching_up', behind: page.behind, since: null, reason: null, nextRetryAt: null });
      const done = page.deliveries.length < limit && page.behind === 0;
      const next = done ? null : this.fetchFitting(page.cursor, Math.min(limit * 2, largestPageSize), signal);
      // A failed prefetch is seen when awaited, after this page is stored.
      next?.catch(() => {});
      await this.ingest(page.deliveries);
      if (next === null) return;
      ({ page, limit } = await next);
    }
  }

  private async follow(signal: AbortSignal): Promise<void> {
    // Deliveries that arrive together are stored together: one commit for a burst.
    let batch: RelayedDelivery[] = [];
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      const taken = batch;
      batch = [];
      flushing = flushing.then(() => this.ingest(taken));
      return flushing;
    };
    await followStream(
      this.deps.endpoint,
      this.deps.cursor.read(),
      signal,
      () => this.report({ state: 'connected', behind: 0, since: null, reason: null, nextRetryAt: null }),
      async (delivery) => {
        batch.push(delivery);
        if (batch.length === 1) setImmediate(() => void flush().catch(() => {}));
        if (batch.length >= 500) await flush();
      },
    ).finally(() => flush());
    await flushing;
    throw new Error('the relay closed the stream');
  }

  /**
   * Marks the source down: since its first failure of this outage (a retry that fails again keeps that time),
   * why it failed last, and when it tries again.
   */
  private disconnected(reason: string, waitMs: number, tokenRefused = false): void {
    const now = new Date();
    const firstFailure = this.health.state !== 'disconnected';
    if (firstFailure) this.deps.log.warn(`source ${this.deps.name}: disconnected (${reason}); reconnecting`);
    else if (tokenRefused && reason !== this.health.reason) this.deps.log.warn(`source ${this.deps.name}: ${reason}`);
    if (tokenRefused) this.deps.log.info(`source ${this.deps.name}: asking again in ${Math.round(waitMs / 1000)} s`);
    this.report({
      state: 'disconnected',
      behind: null,
      since: firstFailure ? now.toISOString() : this.health.since,
      reason,
      nextRetryAt: new Date(now.getTime() + waitMs).toISOString(),
    });
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    let failures = 0;
    let refusals = 0;
    const tokenWaits = this.deps.tokenRefusedBackoffMs ?? tokenRefusedBackoffMs;
    while (!signal.aborted) {
      try {
        await this.catchUp(signal);
        failures = 0;
        refusals = 0;
        await this.follow(signal);
      } catch (error) {
        if (signal.aborted) break;
        const tokenRefused = error instanceof RelayRefusal && error.tokenRefused;
        const backoff = tokenRefused
          ? tokenWaits[Math.min(refusals++, tokenWaits.length - 1)]!
          : backoffMs[Math.min(failures++, backoffMs.length - 1)]!;
        const asked = error instanceof RelayRefusal ? error.retryAfterMs : null;
        const wait = asked === null ? backoff : Math.min(Math.max(asked, backoff), Math.max(longestWaitMs, backoff));
        this.disconnected((error as Error).message, wait, tokenRefused);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
        });
      }
    }
  }
}
