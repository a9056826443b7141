import { createHash } from 'node:crypto';
import { Agent, request } from 'node:https';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { giftCardBody, serviceHeaders, testSecret } from './deliveries';

/**
 * A paced, signed HTTPS load: requests are issued on a schedule (`ratePerSecond`), whether or not
 * earlier ones were answered (open loop, up to `maxPending` outstanding), over a keep-alive agent of
 * `connections` sockets. Every body is unique, so each request can be found in the store by the
 * SHA-256 of its bytes; the outcome says which requests got a 2xx.
 */
export interface SignedLoadOptions {
  /** The receiver's HTTPS URL (self-signed). */
  url: string;
  ratePerSecond: number;
  connections: number;
  /** Index of the first request: runs against one data dir continue where the last one stopped. */
  firstIndex?: number;
  /** Stop issuing after this many requests; without it the load runs until stop(). */
  count?: number;
  /** The bytes of the n-th request; each n must give different bytes. */
  body?: (n: number) => Buffer;
  secret?: string;
  path?: string;
  /** Requests issued but not yet settled; the schedule waits (and falls behind) beyond it. */
  maxPending?: number;
  /** A request with no answer after this long is counted as failed. */
  requestTimeoutMs?: number;
  /**
   * Sends a request once more when a kept-alive socket was reset before any answer (the server closed it as the
   * request went out), as the service would retry the delivery; counted in `retriedAfterReset`. Off: it fails.
   */
  retryResetOnReusedSocket?: boolean;
}

export interface LoadOutcome {
  /** Requests issued. */
  sent: number;
  /** SHA-256 (hex) of every body sent, in issue order. */
  sentHashes: string[];
  /** SHA-256 (hex) of every body answered with a 2xx. */
  acknowledged: string[];
  /** Answers by HTTP status. */
  statuses: Record<number, number>;
  /** Requests that got no answer (connection refused or reset, timeout), by error code. */
  failures: Record<string, number>;
  /** Requests sent again after a reset of a kept-alive socket (with `retryResetOnReusedSocket`). */
  retriedAfterReset: number;
  /** Milliseconds from issue to the end of the answer, of the answered requests. */
  latenciesMs: number[];
  /** How long the load issued requests, in milliseconds. */
  durationMs: number;
}

/**
 * A gift-card recipient event (spec 2.2) whose recipient, email and time are unique to n; recipients
 * come 100 to a payout order (the largest order the embedded simulator takes).
 */
export function numberedBody(n: number): Buffer {
  const hex = n.toString(16).padStart(12, '0');
  const order = Math.floor(n / 100).toString(16).padStart(12, '0');
  return giftCardBody({
    payout_order_uuid: `6f1d0000-0000-4000-8000-${order}`,
    recipient_uuid: `5a0c0000-0000-4000-8000-${hex}`,
    recipient_email: `recipient-${n}@example.com`,
    updated_at: new Date(Date.UTC(2026, 2, 2) + n * 1000).toISOString().replace('.000Z', 'Z'),
  });
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

export class SignedLoad {
  private readonly agent: Agent;
  private readonly options: Required<Omit<SignedLoadOptions, 'count'>> & { count: number };
  private readonly pending = new Set<Promise<void>>();
  /** Sockets that carried a request already. */
  private readonly usedSockets = new WeakSet<Socket>();
  private readonly outcome: LoadOutcome = {
    sent: 0,
    sentHashes: [],
    acknowledged: [],
    statuses: {},
    failures: {},
    retriedAfterReset: 0,
    latenciesMs: [],
    durationMs: 0,
  };
  private timer: NodeJS.Timeout | null = null;
  private startedAt = 0;
  private stoppedAt: number | null = null;
  private finished: (() => void) | null = null;
  private readonly allIssued: Promise<void>;

  constructor(options: SignedLoadOptions) {
    this.options = {
      firstIndex: 0,
      count: Infinity,
      body: numberedBody,
      secret: testSecret,
      path: '/webhooks',
      maxPending: 2_000,
      requestTimeoutMs: 10_000,
      retryResetOnReusedSocket: false,
      ...options,
    };
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: this.options.connections,
      rejectUnauthorized: false,
    });
    this.allIssued = new Promise((done) => (this.finished = done));
  }

  /** Starts issuing requests on the schedule. */
  start(): this {
    this.startedAt = performance.now();
    // A short tick: each issues what the schedule says is due by now.
    this.timer = setInterval(() => this.tick(), 2);
    return this;
  }

  /** Requests issued so far. */
  get sent(): number {
    return this.outcome.sent;
  }

  /** Stops issuing now; resolves once every request issued has been answered or has failed. */
  async stop(): Promise<LoadOutcome> {
    this.halt();
    return this.settle();
  }

  /** Resolves once `count` requests were issued and every one settled. */
  async done(): Promise<LoadOutcome> {
    await this.allIssued;
    return this.settle();
  }

  private halt(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stoppedAt ??= performance.now();
    this.finished?.();
  }

  private async settle(): Promise<LoadOutcome> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
    this.agent.destroy();
    this.outcome.durationMs = (this.stoppedAt ?? performance.now()) - this.startedAt;
    return this.outcome;
  }

  private tick(): void {
    const due = Math.floor(((performance.now() - this.startedAt) * this.options.ratePerSecond) / 1000);
    while (this.outcome.sent < due && this.outcome.sent < this.options.count && this.pending.size < this.options.maxPending) {
      this.issue(this.options.firstIndex + this.outcome.sent);
    }
    if (this.outcome.sent >= this.options.count) this.halt();
  }

  private issue(n: number): void {
    const body = this.options.body(n);
    const hash = sha256(body);
    this.outcome.sent += 1;
    this.outcome.sentHashes.push(hash);
    this.send(body, hash, performance.now(), this.options.retryResetOnReusedSocket);
  }

  private send(body: Buffer, hash: string, issuedAt: number, mayRetry: boolean): void {
    const settled = new Promise<void>((resolveOnce) => {
      let open = true;
      let answered = false;
      let reused = false;
      const resolve = () => {
        open = false;
        resolveOnce();
      };
      const fail = (error: Error & { code?: string }) => {
        if (!open) return;
        if (mayRetry && !answered && reused && error.code === 'ECONNRESET') {
          this.outcome.retriedAfterReset += 1;
          this.send(body, hash, issuedAt, false);
          return resolve();
        }
        // On a kept-alive socket the server may have closed it as the request went out: named apart.
        const code = `${error.code ?? error.message}${reused ? ' (reused socket)' : ''}`;
        this.outcome.failures[code] = (this.outcome.failures[code] ?? 0) + 1;
        resolve();
      };
      const req = request(
        `${this.options.url}${this.options.path}`,
        { method: 'POST', agent: this.agent, headers: serviceHeaders(body, this.options.secret) },
        (res) => {
          answered = true;
          res.on('data', () => undefined);
          res.on('error', fail);
          res.on('end', () => {
            if (!open) return;
            const status = res.statusCode ?? 0;
            this.outcome.statuses[status] = (this.outcome.statuses[status] ?? 0) + 1;
            if (status >= 200 && status < 300) this.outcome.acknowledged.push(hash);
            this.outcome.latenciesMs.push(performance.now() - issuedAt);
            resolve();
          });
        },
      );
      // Node's own `reusedSocket` is false for a request that waited in the agent's queue for a busy socket.
      req.on('socket', (socket) => {
        reused = this.usedSockets.has(socket);
        this.usedSockets.add(socket);
      });
      req.setTimeout(this.options.requestTimeoutMs, () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
      req.on('error', fail);
      req.end(body);
    });
    this.pending.add(settled);
    void settled.then(() => this.pending.delete(settled));
  }
}

/** The q-quantile (0..1) of some numbers, or NaN when there are none. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}
