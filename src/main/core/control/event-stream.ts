import type { ServerResponse } from 'node:http';
import type { CallContext, EventName, EventPayload } from '../../../shared/contract';
import type { Role } from '../../../shared/roles';
import type { Caller } from './access';

/** Server-sent events to every open UI, each stream tagged with whose it is. */
export class EventStream {
  private readonly clients = new Map<ServerResponse, Caller>();
  /** In-process readers (the delivery feed of `listen`), told of every event as the streams are. */
  private readonly listeners = new Set<(name: EventName, payload: unknown) => void>();
  private readonly heartbeat = setInterval(() => this.write(': keep-alive\n\n'), 15_000);

  constructor() {
    this.heartbeat.unref();
  }

  attach(res: ServerResponse, caller: Caller): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write('retry: 1000\n\n');
    this.clients.set(res, caller);
    res.on('close', () => this.clients.delete(res));
  }

  publish<N extends EventName>(name: N, payload: EventPayload<N>): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
    for (const listener of this.listeners) listener(name, payload);
  }

  /** Tells `listener` of every event published from now on, in this process; returns how to stop. */
  subscribe(listener: (name: EventName, payload: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** An event whose payload depends on who reads it (what their role may see): each stream gets its caller's. */
  publishEach<N extends EventName>(name: N, payloadFor: (caller: CallContext) => EventPayload<N>): void {
    for (const [res, caller] of this.clients) res.write(`event: ${name}\ndata: ${JSON.stringify(payloadFor(caller.context))}\n\n`);
    if (this.listeners.size === 0) return;
    // In this process: the inspector's own reader, as its owner sees it.
    const owners = payloadFor({ user: null, role: 'admin' });
    for (const listener of this.listeners) listener(name, owners);
  }

  /**
   * Ends every stream whose token no longer opens the inspector, or opens it with another role than the stream
   * was opened with (the UI opens a new one, and learns its role again). Returns how many it ended.
   */
  async recheck(rolesNow: (credentials: readonly string[]) => Promise<Map<string, Role>>): Promise<number> {
    if (this.clients.size === 0) return 0;
    const current = await rolesNow([...new Set([...this.clients.values()].map((c) => c.credential))]);
    let ended = 0;
    for (const [res, caller] of this.clients) {
      if (current.get(caller.credential) === caller.context.role) continue;
      this.clients.delete(res);
      res.end();
      ended++;
    }
    return ended;
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.listeners.clear();
    for (const res of this.clients.keys()) res.end();
    this.clients.clear();
  }

  private write(chunk: string): void {
    for (const res of this.clients.keys()) res.write(chunk);
  }
}
