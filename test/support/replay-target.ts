import { createHash } from 'node:crypto';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { headerPairs } from '@webhook-inspector/capture';

export interface ReceivedRequest {
  method: string;
  /** Path and query as requested. */
  url: string;
  headers: Array<[string, string]>;
  body: Buffer;
  sha256: string;
}

export interface TargetAnswer {
  status: number;
  body?: string;
  headers?: Record<string, string>;
}

/** A user's webhook handler on 127.0.0.1: records every request, answers as told. */
export interface ReplayTarget {
  url: string;
  requests: ReceivedRequest[];
  answer: (request: ReceivedRequest) => TargetAnswer;
  /** Resolves once `count` requests have arrived. */
  received(count: number): Promise<ReceivedRequest[]>;
  header(request: ReceivedRequest, name: string): string | null;
  close(): Promise<void>;
}

function trackSockets(server: Server): () => void {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return () => sockets.forEach((s) => s.destroy());
}

function listenLocal(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function closeWith(server: Server, destroyAll: () => void): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    destroyAll();
  });
}

export async function startTarget(answer: ReplayTarget['answer'] = () => ({ status: 200, body: '{"ok":true}' })): Promise<ReplayTarget> {
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const target: ReplayTarget = {
    url: '',
    requests: [],
    answer,
    received: (count) =>
      target.requests.length >= count
        ? Promise.resolve(target.requests)
        : new Promise((resolve) => waiters.push({ count, resolve: () => resolve(target.requests) })),
    header: (request, name) => request.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1] ?? null,
    close: async () => {},
  };
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const request: ReceivedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: headerPairs(req.rawHeaders),
        body,
        sha256: createHash('sha256').update(body).digest('hex'),
      };
      target.requests.push(request);
      const { status, body: text = '', headers = {} } = target.answer(request);
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(text);
      for (const waiter of waiters.filter((w) => target.requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  const destroyAll = trackSockets(server);
  target.url = `http://127.0.0.1:${await listenLocal(server)}`;
  target.close = () => closeWith(server, destroyAll);
  return target;
}

/** A TCP server that accepts and never says a word: no TLS handshake, no HTTP answer. */
export async function startSilentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const server = createTcpServer(() => {});
  const destroyAll = trackSockets(server);
  const port = await listenLocal(server);
  return { port, close: () => closeWith(server, destroyAll) };
}

/** An HTTP server that sends its status, headers and a first part of the body, then stalls. */
export async function startStallingServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '1000' });
      res.write('partial');
    });
  });
  const destroyAll = trackSockets(server);
  const port = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}`, close: () => closeWith(server, destroyAll) };
}

