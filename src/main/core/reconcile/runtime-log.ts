import type { SourceHealth } from '../../../shared/relay';
import type { RuntimeComponent } from '../store/reader';
import type { ReconcileStore } from '../store/inspector-store';
import type { Logger } from '../logger';

/** A write refused because another connection holds the store's lock (SQLite's BUSY; PostgreSQL's lock timeouts). */
const busy = (error: unknown) => /locked|busy|lock timeout/i.test((error as Error)?.message ?? '');
/** About 10 minutes of tries (250 ms doubling, then every heartbeat) before a write held back by a lock is given up. */
const maxBusyTries = 26;

/** How often a running core marks its open spans seen: a span not seen for 3 of these ended when last seen. */
export const heartbeatMs = 30_000;

interface OpenSpan {
  id: Promise<number | null>;
  detail: Record<string, unknown>;
}

/**
 * Records when this core, its receivers and its relay source run (`runtime_spans`), for reconcile's "the receiver was
 * not running then": a span opened as each starts, seen every 30 s, closed as it stops. Writes run one after the
 * other, in the background; a failed one is logged and never stops the part it records.
 */
export class RuntimeLog {
  private readonly open = new Map<RuntimeComponent, OpenSpan>();
  private chain: Promise<unknown> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private closed = false;
  /** Ends a wait for the store's lock at once (closing). */
  private wake: () => void = () => {};

  constructor(
    private readonly store: Pick<ReconcileStore, 'runtime'>,
    private readonly logger: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => this.touch(), heartbeatMs);
    this.timer.unref();
  }

  private write<T>(task: () => Promise<T>): Promise<T | null> {
    const next = this.chain.then(() => this.attempt(task, 0));
    this.chain = next;
    return next;
  }

  /**
   * One write; while another program holds the store's lock it is tried again, later and later (the derivation's own
   * line already names the lock), so that a span is recorded once the lock goes rather than lost: a lost span would
   * read as "the receiver was not running". Any other failure is logged.
   */
  private async attempt<T>(task: () => Promise<T>, tries: number): Promise<T | null> {
    try {
      return await task();
    } catch (error) {
      if (!this.closed && busy(error) && tries < maxBusyTries) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(heartbeatMs, 250 * 2 ** tries));
          timer.unref();
          this.wake = resolve;
        });
        return this.attempt(task, tries + 1);
      }
      this.logger.warn(`runtime log: could not record (${(error as Error).message})`);
      return null;
    }
  }

  /** The part started (or changed: its previous span is closed with `reason`). */
  begin(component: RuntimeComponent, detail: Record<string, unknown>, reason = 'restarted'): void {
    if (this.closed) return;
    this.end(component, reason);
    const at = this.now();
    const id = this.write(() => this.store.runtime.apply({ op: 'open', component, detail, at }));
    this.open.set(component, { id, detail });
  }

  end(component: RuntimeComponent, reason: string): void {
    const span = this.open.get(component);
    if (!span) return;
    this.open.delete(component);
    const at = this.now();
    void this.write(async () => {
      const id = await span.id;
      if (id !== null) await this.store.runtime.apply({ op: 'close', ids: [id], at, reason });
    });
  }

  detail(component: RuntimeComponent): Record<string, unknown> | null {
    return this.open.get(component)?.detail ?? null;
  }

  /** The relay source's health: a span per state it stands in (connected, unreachable), none without a source. */
  relayHealth(health: readonly SourceHealth[]): void {
    const source = health[0];
    if (!source) return this.end('relay_source', 'relay source removed');
    if (source.state === 'connecting') return;
    const state = source.state === 'disconnected' ? 'unreachable' : 'connected';
    const current = this.detail('relay_source');
    if (current?.state === state && current.relay === source.name) return;
    this.begin('relay_source', { state, relay: source.name, ...(source.reason ? { error: source.reason } : {}) }, state);
  }

  private touch(): void {
    const spans = [...this.open.values()];
    if (spans.length === 0) return;
    const at = this.now();
    void this.write(async () => {
      const ids = (await Promise.all(spans.map((s) => s.id))).filter((id): id is number => id !== null);
      if (ids.length > 0) await this.store.runtime.apply({ op: 'touch', ids, at });
    });
  }

  /** Closes every open span (`stopped`) and waits for the writes. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const component of [...this.open.keys()].reverse()) this.end(component, 'stopped');
    this.closed = true;
    this.wake();
    await this.chain;
  }
}
