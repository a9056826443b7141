import type { EventName, EventPayload } from '../../../shared/contract';

export type LiveConnection = 'connecting' | 'connected' | 'reconnecting';

type Listener<N extends EventName> = (payload: EventPayload<N>) => void;

const firstRetryMs = 1_000;
const longestRetryMs = 10_000;

/**
 * The core's server-sent events, one EventSource for the whole UI. EventSource
 * reconnects by itself after a dropped connection; when the server refuses it
 * outright (e.g. the core restarted with a new port) it gives up, so we retry
 * with a backoff. Listeners of `reconnected` catch up on what they missed.
 */
export class ServerEventStream {
  private source: EventSource | null = null;
  private connection: LiveConnection = 'connecting';
  private hasConnected = false;
  private retryMs = firstRetryMs;
  private retryTimer: number | undefined;
  private readonly listeners = new Map<EventName, Set<Listener<EventName>>>();
  private readonly connectionListeners = new Set<() => void>();
  private readonly reconnectedListeners = new Set<() => void>();

  constructor(private readonly url: string) {}

  start(): void {
    if (this.source || this.retryTimer !== undefined) return;
    this.open();
  }

  stop(): void {
    window.clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.source?.close();
    this.source = null;
  }

  get state(): LiveConnection {
    return this.connection;
  }

  onConnectionChange(listener: () => void): () => void {
    this.connectionListeners.add(listener);
    return () => this.connectionListeners.delete(listener);
  }

  /** Called after a connection is re-established: events may have been missed meanwhile. */
  onReconnected(listener: () => void): () => void {
    this.reconnectedListeners.add(listener);
    return () => this.reconnectedListeners.delete(listener);
  }

  on<N extends EventName>(name: N, listener: Listener<N>): () => void {
    let forName = this.listeners.get(name);
    if (!forName) {
      forName = new Set();
      this.listeners.set(name, forName);
      this.source?.addEventListener(name, this.dispatch);
    }
    forName.add(listener as Listener<EventName>);
    return () => forName.delete(listener as Listener<EventName>);
  }

  private open(): void {
    this.retryTimer = undefined;
    const source = new EventSource(this.url);
    this.source = source;
    for (const name of this.listeners.keys()) source.addEventListener(name, this.dispatch);
    source.onopen = () => {
      this.retryMs = firstRetryMs;
      this.setConnection('connected');
      if (this.hasConnected) for (const listener of this.reconnectedListeners) listener();
      this.hasConnected = true;
    };
    source.onerror = () => {
      this.setConnection(this.hasConnected ? 'reconnecting' : 'connecting');
      if (source.readyState === EventSource.CLOSED) {
        source.close();
        this.source = null;
        this.retryTimer = window.setTimeout(() => this.open(), this.retryMs);
        this.retryMs = Math.min(this.retryMs * 2, longestRetryMs);
      }
    };
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
    for (const listener of listeners) listener(payload);
  };

  private setConnection(next: LiveConnection): void {
    if (next === this.connection) return;
    this.connection = next;
    for (const listener of this.connectionListeners) listener();
  }
}
