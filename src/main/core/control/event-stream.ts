import type { ServerResponse } from 'node:http';
import type { EventName, EventPayload } from '../../../shared/contract';

/** Server-sent events to every open UI. */
export class EventStream {
  private readonly clients = new Set<ServerResponse>();
  private readonly heartbeat = setInterval(() => this.write(': keep-alive\n\n'), 15_000);

  constructor() {
    this.heartbeat.unref();
  }

  attach(res: ServerResponse): void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff',
    });
    res.write('retry: 1000\n\n');
    this.clients.add(res);
    res.on('close', () => this.clients.delete(res));
  }

  publish<N extends EventName>(name: N, payload: EventPayload<N>): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`);
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const res of this.clients) res.end();
    this.clients.clear();
  }

  private write(chunk: string): void {
    for (const res of this.clients) res.write(chunk);
  }
}
