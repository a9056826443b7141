import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CallInput, CallName, CallOutput } from '../../src/shared/contract';
import { spawnServe } from '../support/cli-process';
import { tempDataDir } from '../support/temp-dir';
import { testSecret } from '../support/deliveries';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { SignedLoad, quantile } from '../support/signed-load';

/**
 * Storage growth: a steady signed load of 30,000 deliveries (500 per second, a minute) while a
 * simulated UI keeps reading (the live event stream open, the list catching up on every change,
 * the derived views reloading, the status polled, the list scrolled to the bottom again and again,
 * a free-text search now and then). The WAL must stay bounded: readers must not starve SQLite's
 * checkpoints.
 */

const deliveries = 30_000;
const ratePerSecond = 500;
const connections = 32;

/**
 * The bound on the WAL file. SQLite's auto-checkpoint runs after a commit once the WAL holds 1,000
 * pages (wal_autocheckpoint's default; 4 MiB at the 4 KiB page size). When no reader still needs the
 * old frames it copies them all back, and the next commit starts writing the WAL from its start
 * again, so the file (which keeps its largest size) stays near 4 MiB plus the frames of the commit
 * that crossed the threshold (tens to a few hundred pages at this rate). Four times the threshold leaves
 * room for checkpoints that a reader holds back for a moment; a WAL past it means checkpoints are
 * being starved and it would keep growing with the traffic (one read transaction held open through
 * 10 s of this load takes it past 200 MiB).
 */
const walBoundBytes = 16 * 1024 * 1024;

const { dataDirs, running } = cleanedUpAfterAll();

type View = 'deliveries' | 'duplicates' | 'lifecycles' | 'orders';
const views: View[] = ['deliveries', 'duplicates', 'lifecycles', 'orders'];

interface Reload {
  view: View | 'always';
  /** The renderer's coalescing delay for it (refreshes in api/query-invalidation.ts). */
  delayMs: number;
  run: () => Promise<unknown>;
}

/**
 * What the UI does with the control server, as the renderer does it: the live stream open, the top
 * bar's status, and the open view's data reloaded (coalesced) on each deliveries.changed. The user
 * moves to the next view every few seconds; on Deliveries they scroll to the bottom and search.
 */
class SimulatedUi {
  readonly calls: Record<string, number> = {};
  /** The slowest answer of each call, in ms (measured here: it includes waiting for the core). */
  readonly slowestMs: Record<string, number> = {};
  readonly failures: string[] = [];
  changeEvents = 0;
  streamOpen = false;
  private view: View = 'deliveries';
  private newestSeen = 0;
  private readonly controller = new AbortController();
  private readonly loops: Array<Promise<unknown>> = [];
  private stopped = false;
  private catchingUp = false;
  private catchUpAgain = false;
  private readonly scheduled = new Map<Reload, NodeJS.Timeout>();
  private readonly reloads: Reload[] = [
    { view: 'always', delayMs: 1_000, run: () => this.call('status.get', {}) },
    { view: 'deliveries', delayMs: 400, run: () => this.call('deliveries.facets', {}) },
    { view: 'duplicates', delayMs: 400, run: () => this.call('duplicates.list', { limit: 100 }) },
    {
      view: 'lifecycles',
      delayMs: 400,
      run: async () => {
        const page = await this.call('lifecycles.list', { limit: 100 });
        const key = page?.items[0]?.key;
        if (key) await this.call('lifecycles.get', { key });
      },
    },
    {
      view: 'lifecycles',
      delayMs: 1_500,
      run: () => this.call('lifecycles.facets', {}),
    },
    {
      view: 'orders',
      delayMs: 800,
      run: async () => {
        const page = await this.call('orders.list', { limit: 500 });
        const orderUuid = page?.items[0]?.orderUuid;
        if (orderUuid) await this.call('orders.get', { orderUuid });
      },
    },
  ];

  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  async call<N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N> | null> {
    this.calls[name] = (this.calls[name] ?? 0) + 1;
    const began = performance.now();
    try {
      const res = await fetch(`${this.origin}/rpc/${name}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${this.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(input),
      });
      const body: unknown = await res.json();
      this.slowestMs[name] = Math.max(this.slowestMs[name] ?? 0, Math.round(performance.now() - began));
      if (!res.ok) {
        this.failures.push(`${name}: ${res.status} ${JSON.stringify(body)}`);
        return null;
      }
      return body as CallOutput<N>;
    } catch (error) {
      if (!this.stopped) this.failures.push(`${name}: ${(error as Error).message}`);
      return null;
    }
  }

  async start(): Promise<void> {
    const res = await fetch(`${this.origin}/events`, { headers: { Authorization: `Bearer ${this.token}` }, signal: this.controller.signal });
    expect(res.status).toBe(200);
    this.streamOpen = true;
    this.loops.push(this.readEvents(res), this.browse(), this.scroll(), this.search());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.scheduled.values()) clearTimeout(timer);
    this.controller.abort();
    await Promise.all(this.loops);
  }

  /** The live stream: every deliveries.changed catches the list up and schedules the open view's reloads. */
  private async readEvents(res: Response): Promise<void> {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) break;
      buffer += value;
      const blocks = buffer.split('\n\n');
      buffer = blocks.pop()!;
      for (const block of blocks) {
        if (!block.split('\n').includes('event: deliveries.changed')) continue;
        this.changeEvents += 1;
        if (this.view === 'deliveries') void this.catchUp();
        for (const reload of this.reloads) if (reload.view === 'always' || reload.view === this.view) this.schedule(reload);
      }
    }
    this.streamOpen = false;
  }

  private schedule(reload: Reload): void {
    if (this.scheduled.has(reload) || this.stopped) return;
    this.scheduled.set(
      reload,
      setTimeout(() => {
        this.scheduled.delete(reload);
        this.loops.push(reload.run());
      }, reload.delayMs),
    );
  }

  /** The list's catch-up (afterId), at most one in flight, then the detail of the newest. */
  private async catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    this.catchingUp = true;
    do {
      this.catchUpAgain = false;
      const page = await this.call('deliveries.list', { afterId: this.newestSeen, limit: 500 });
      const newest = page?.items.reduce((max, item) => Math.max(max, item.id), this.newestSeen) ?? this.newestSeen;
      if (newest > this.newestSeen) {
        this.newestSeen = newest;
        await this.call('deliveries.get', { id: newest });
      }
    } while (this.catchUpAgain && !this.stopped);
    this.catchingUp = false;
  }

  /** Moves to the next view every 5 s, loading it as it opens. */
  private async browse(): Promise<void> {
    for (let i = 1; !this.stopped; i++) {
      await this.pause(5_000);
      this.view = views[i % views.length]!;
      for (const reload of this.reloads) if (reload.view === this.view) this.loops.push(reload.run());
    }
  }

  /** On Deliveries: scrolls the list to its bottom a page (200) at a time, ten pages a second, then from the top. */
  private async scroll(): Promise<void> {
    let beforeId: number | undefined;
    while (!this.stopped) {
      if (this.view === 'deliveries') {
        const page = await this.call('deliveries.list', beforeId === undefined ? { limit: 200 } : { beforeId, limit: 200 });
        const oldest = page?.items.at(-1)?.id;
        beforeId = page && page.items.length === 200 && oldest !== undefined ? oldest : undefined;
      }
      await this.pause(100);
    }
  }

  /** On Deliveries: a free-text search over the bodies (it reads every body) every 2 s. */
  private async search(): Promise<void> {
    let n = 0;
    while (!this.stopped) {
      if (this.view === 'deliveries') await this.call('deliveries.list', { filter: { text: `recipient-${(n += 997)}@` }, limit: 100 });
      await this.pause(2_000);
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((done) => {
      const timer = setTimeout(done, ms);
      this.controller.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        done();
      });
    });
  }
}

describe('storage growth soak', () => {
  it(`keeps the WAL under ${walBoundBytes / 1024 / 1024} MiB through ${deliveries} deliveries with the UI reading`, async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const store = join(dataDir, 'inspector.sqlite3');
    const wal = `${store}-wal`;
    const serve = await spawnServe([
      '--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret', testSecret, '--no-simulator',
    ]);
    running.add(serve);
    const ui = new URL(serve.lines.UI!);
    const reader = new SimulatedUi(ui.origin, ui.searchParams.get('token')!);
    await reader.start();

    const walSize = () => (existsSync(wal) ? statSync(wal).size : 0);
    const samples: Array<{ atMs: number; bytes: number }> = [];
    const began = Date.now();
    const sampler = setInterval(() => samples.push({ atMs: Date.now() - began, bytes: walSize() }), 20);

    // A kept-alive socket reset as a request went out is sent again, as the service retries; a delivery the server
    // had stored before the reset would then be stored twice, and the count of rows below says so.
    const outcome = await new SignedLoad({
      url: serve.lines['Receiver (HTTPS)']!,
      ratePerSecond,
      connections,
      count: deliveries,
      retryResetOnReusedSocket: true,
    })
      .start()
      .done();
    clearInterval(sampler);
    samples.push({ atMs: Date.now() - began, bytes: walSize() });
    const status = await reader.call('status.get', {});
    const streamWasOpen = reader.streamOpen;
    await reader.stop();

    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
    running.delete(serve);

    const maxWal = Math.max(...samples.map((s) => s.bytes));
    const storeBytes = statSync(store).size;
    const db = new Database(store, { readonly: true, fileMustExist: true });
    const rows = (db.prepare('SELECT count(*) AS n FROM deliveries').get() as { n: number }).n;
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    db.close();

    console.log(
      `storage growth soak: ${JSON.stringify({
        deliveries: outcome.sent,
        answered2xx: outcome.acknowledged.length,
        noAnswerByError: outcome.failures,
        retriedAfterReset: outcome.retriedAfterReset,
        loadSeconds: +(outcome.durationMs / 1000).toFixed(1),
        latencyMs: { p50: +quantile(outcome.latenciesMs, 0.5).toFixed(2), p99: +quantile(outcome.latenciesMs, 0.99).toFixed(2), max: +Math.max(...outcome.latenciesMs).toFixed(2) },
        uiCalls: reader.calls,
        uiSlowestMs: reader.slowestMs,
        changeEvents: reader.changeEvents,
        walSamples: samples.length,
        maxWalMiB: +(maxWal / 1024 / 1024).toFixed(2),
        storeMiB: +(storeBytes / 1024 / 1024).toFixed(1),
      })}`,
    );

    if (Object.keys(outcome.failures).length > 0) console.log(`serve's log:\n${serve.stderr().slice(-4000)}`);
    // Every delivery was answered 2xx and stored, and the UI saw it happen.
    expect(outcome.failures).toEqual({});
    expect(outcome.statuses).toEqual({ 200: deliveries });
    expect(status?.deliveryCount).toBe(deliveries);
    expect(rows).toBe(deliveries);
    expect(integrity).toBe('ok');
    expect(streamWasOpen).toBe(true);
    expect(reader.changeEvents).toBeGreaterThan(0);
    expect(reader.failures).toEqual([]);
    // The UI really was reading all along, every view in turn.
    for (const name of ['deliveries.list', 'deliveries.get', 'duplicates.list', 'lifecycles.get', 'orders.get'] as const) {
      expect(reader.calls[name], name).toBeGreaterThan(0);
    }

    // The WAL stayed bounded while the store grew...
    expect(maxWal).toBeGreaterThan(0);
    expect(maxWal).toBeLessThan(walBoundBytes);
    // ...and a clean close checkpoints it into the store and removes it.
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
  });
});
