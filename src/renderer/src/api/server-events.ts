import type { EventName, EventPayload } from '../../../shared/contract';
import { Listeners } from '../lib/listeners';
import { TokenRefused } from './token-refusal';

/** `refused`: the core refused the token, so no retry can connect (the page says how to get a new one). */
export type LiveConnection = 'connecting' | 'connected' | 'reconnecting' | 'refused';

type Listener<N extends EventName> = (payload: EventPayload<N>) => void;

const firstRetryMs = 1_000;
const longestRetryMs = 10_000;

/**
 * The core's server-sent events, one EventSource for the whole UI. Each connection
 * takes a new address from `streamUrl` (a single-use ticket), so EventSource's own
 * reconnect, which would reuse the spent one, is never left to run: on any error the
 * source is closed and opened again with a backoff. The server also ends a stream
 * when its user's role changes or the user is revoked; a ticket refused for the token
 * ends the retries. Listeners of `reconnected` catch up on what they missed.
 */
export class ServerEventStream {
  private source: EventSource | null = null;
  private running = false;
  private connection: LiveConnection = 'connecting';
  private hasConnected = false;
  private retryMs = firstRetryMs;
  private retryTimer: number | undefined;
  private readonly listeners = new Map<EventName, Listeners<[EventPayload<EventName>]>>();
  private readonly connectionListeners = new Listeners();
  private readonly reconnectedListeners = new Listeners();

  constructor(private readonly streamUrl: () => Promise<string>) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.open();
  }

  stop(): void {
    this.running = false;
    window.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
  }

  get state(): LiveConnection {
    return this.connection;
  }

  readonly onConnectionChange = this.connectionListeners.add;

  /** Called after a connection is re-established: events may have been missed meanwhile. */
  readonly onReconnected = this.reconnectedListeners.add;

  on<N extends EventName>(name: N, listener: Listener<N>): () => void {
    let forName = this.listeners.get(name);
    if (!forName) {
      forName = new Listeners();
      this.listeners.set(name, forName);
      this.source?.addEventListener(name, this.dispatch);
    }
    return forName.add(listener as Listener<EventName>);
  }

  private open(): void {
    this.retryTimer = undefined;
    this.streamUrl().then(
      (url) => {
        if (this.running) this.connect(url);
      },
      (error: unknown) => {
        if (!(error instanceof TokenRefused)) return this.retryLater();
        this.stop();
        this.setConnection('refused');
      },
    );
  }

  private connect(url: string): void {
    const source = new EventSource(url);
    this.source = source;
    for (const name of this.listeners.keys()) source.addEventListener(name, this.dispatch);
    source.onopen = () => {
      this.retryMs = firstRetryMs;
      this.setConnection('connected');
      if (this.hasConnected) this.reconnectedListeners.notify();
      this.hasConnected = true;
    };
    source.onerror = () => {
      source.close();
      if (this.source === source) this.source = null;
      this.retryLater();
    };
  }

  private retryLater(): void {
    this.setConnection(this.hasConnected ? 'reconnecting' : 'connecting');
    if (!this.running) return;
    this.retryTimer = window.setTimeout(() => this.open(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, longestRetryMs);
  }

  private readonly dispatch = (event: Event): void => {
    const listeners = this.listeners.get(event.type as EventName);
    if (!listeners || !(event instanceof MessageEvent)) return;
    let payload: EventPayload<EventName>;
    try {
      payload = JSON.parse(String(event.data)) as EventPayload<EventName>;
    } catch {
      return;
    }
    listeners.notify(payload);
  };

  private setConnection(next: LiveConnection): void {
    if (next === this.connection) return;
    this.connection = next;
    this.connectionListeners.notify();
  }
}
