import { STATUS_CODES, createServer as createHttpServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { announcedOverLimit, captureBody, leftUnread, skipBody, type CapturedBody } from './capture-body';
import type { CapturedDelivery, RawDelivery } from './delivery';
import { headerPairs, splitTarget } from './request-parts';
import { protocolAnswer, responseFor, type Answer, type ResponsePolicyState } from './response-policy';

export interface ReceiverTimeouts {
  /** Headers must be complete within this (408 after). */
  headersMs: number;
  /** The whole request, body included, within this (408 after). */
  requestMs: number;
  /** TLS handshake (at most 10 s). */
  handshakeMs: number;
  keepAliveMs: number;
}

export interface ReceiverCertificate {
  cert: string;
  key: string;
  /** SHA-256 fingerprint, colon-separated hex, as browsers and curl show it. */
  fingerprint: string;
}

/** Live forwarding of one acceptable delivery (replay/forwarder.ts). */
export interface ReceiverForward {
  /** When the sender is answered with the target's status: that answer, awaited before the row is stored. */
  mirrored: Promise<Answer> | null;
  /** Called once the delivery's row is committed. */
  stored: (id: number) => void;
}

/** The receiver's check of a signature: its verdict ("valid", …) and the digest it computed, for the capture to carry. */
export interface SignatureOnTheSpot {
  verdict: string;
  /** HMAC-SHA256 of the body with the secret (hex; null: no secret), when computed: the analysis uses it, not its own. */
  expectedDigest?: string | null;
}

export interface ReceiverDeps {
  /** Stores a captured delivery durably (its analysis is the store's: off this event loop where it can). */
  store: (delivery: CapturedDelivery) => Promise<number>;
  secret: () => string | null;
  /** The signature checked with that secret, asked only when the policy rejects invalid signatures. */
  checkSignature: (raw: RawDelivery, secret: string | null) => SignatureOnTheSpot;
  policy: ResponsePolicyState;
  bodyLimitBytes: number;
  timeouts: ReceiverTimeouts;
  log: (line: string) => void;
  /** Live forwarding, when on; only complete POSTs are forwarded. */
  forward?: (raw: RawDelivery) => ReceiverForward | null;
  /** Requests another part of the host answers (the relay's pull API): true when it took the request. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** The sender's address: the socket's, unless a trusted proxy names another (the relay behind a reverse proxy). */
  remoteAddress?: (req: IncomingMessage) => string | null;
  /** An answer decided by where the delivery was sent, before the policy (the relay's 404 outside its channels). */
  routeAnswer?: (raw: RawDelivery) => Promise<Answer | null>;
  /** The 503 while the store refuses deliveries, when the host words it itself (the relay's reason and Retry-After). */
  storeRefusal?: { body: string; headers: Record<string, string> };
}

export interface ReceiverListeners {
  https: Server | null;
  http: Server | null;
}

function json(body: unknown): string {
  return JSON.stringify(body);
}

/** Every answer's headers: a JSON body of known length, then the answer's own. */
function answerHeadersFor(body: string, extraHeaders: Record<string, string>): Record<string, string> {
  return { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), ...extraHeaders };
}

function writeHead(res: ServerResponse, status: number, body: string, extraHeaders: Record<string, string>): void {
  res.writeHead(status, answerHeadersFor(body, extraHeaders));
}

function send(res: ServerResponse, status: number, body: string, extraHeaders: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  writeHead(res, status, body, extraHeaders);
  res.end(body);
}

/** How long, and how much more of a refused body, the receiver reads on after answering. */
interface Linger {
  ms: number;
  bytes: number;
}

/**
 * Answers a sender that may still be writing a body the receiver refused: the whole answer is written at once,
 * but the connection is closed only once the body has ended, or `linger` has run out (time or bytes), its
 * bytes discarded meanwhile. Closing at once would reset a connection with unread bytes, and a sender whose
 * write fails that way usually drops the answer it had not read yet.
 */
function sendThenLinger(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>,
  linger: Linger,
): void {
  if (res.headersSent || res.destroyed) return;
  writeHead(res, status, body, headers);
  res.write(body);
  let discarded = 0;
  const onData = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > linger.bytes) close();
  };
  const close = () => {
    clearTimeout(timer);
    req.off('data', onData);
    if (!res.writableEnded) res.end();
  };
  const timer = setTimeout(close, linger.ms).unref();
  if (req.readableEnded) return close();
  req.on('data', onData);
  req.once('end', close);
  req.once('close', close);
}

/**
 * Reading on after a refusal: up to the request timeout, and 4 times the body limit (at least 4 MiB). More lets
 * larger bodies end before the close, but what is read and thrown away still raises the heap.
 */
function lingerFor(deps: ReceiverDeps): Linger {
  return { ms: deps.timeouts.requestMs, bytes: Math.max(4 * 2 ** 20, 4 * deps.bodyLimitBytes) };
}

/** A stored delivery (`id` null when the store refused it: the sender gets a 503). */
interface Received {
  record: CapturedDelivery;
  id: number | null;
  forward: ReceiverForward | null;
}

/** Records one request as captured: decide the answer (checking the signature only if the policy asks), store durably. */
async function receive(
  deps: ReceiverDeps,
  tls: boolean,
  req: IncomingMessage,
  { body, outcome }: CapturedBody,
  delayMs: number,
): Promise<Received> {
  const { path, query } = splitTarget(req.url);
  const raw = {
    method: req.method ?? 'GET',
    path,
    query,
    headers: headerPairs(req.rawHeaders),
    body,
    bodyTruncated: leftUnread(outcome),
  };
  const receivedAt = Date.now();
  const hostMissing = req.httpVersion === '1.1' && req.headers.host === undefined;
  const unmetExpectation = outcome === 'not_read' ? String(req.headers.expect) : null;
  const refused = protocolAnswer({ method: raw.method, outcome, hostMissing, unmetExpectation }) ?? (await deps.routeAnswer?.(raw)) ?? null;
  const forward = refused === null ? (deps.forward?.(raw) ?? null) : null;
  const mirrored = forward?.mirrored ? await forward.mirrored : null;
  const secret = deps.secret();
  const spot: { checked?: SignatureOnTheSpot } = {};
  const answer = refused ?? mirrored ?? deps.policy.answer(() => (spot.checked = deps.checkSignature(raw, secret)).verdict);
  const expectedDigest = spot.checked?.expectedDigest;
  const record: CapturedDelivery = {
    raw,
    facts: { receivedAt, remoteAddress: deps.remoteAddress ? deps.remoteAddress(req) : (req.socket.remoteAddress ?? null), tls, imported: false },
    response: { ...responseFor(answer), afterMs: Date.now() - receivedAt + delayMs },
    secret,
    // The HMAC is computed once a delivery: the store's analysis takes the one the policy's check computed.
    ...(expectedDigest === undefined ? {} : { expectedDigest }),
  };
  try {
    return { record, id: await deps.store(record), forward };
  } catch (error) {
    deps.log(`receiver: could not store a delivery (${(error as Error).message}); answered 503`);
    deps.policy.giveBack(answer);
    return { record, id: null, forward };
  }
}

const storeRefusal = { status: 503, body: json({ error: 'the delivery could not be stored; retry later' }) };

function answerHeaders(status: number, id: number, close: boolean): Record<string, string> {
  const headers: Record<string, string> = { 'X-Inspector-Delivery-Id': String(id) };
  if (status === 405) headers.Allow = 'POST';
  if (status >= 300 && status < 400) headers.Location = '/';
  if (close) headers.Connection = 'close';
  return headers;
}

/** Why a request is answered without reading its body: an Expect it cannot meet, or a refused `100-continue`. */
type RefusedUnread = 'not_read' | 'refused_before_upload';

/** Handles one request: capture raw, store durably, then answer. */
function handleRequest(deps: ReceiverDeps, tls: boolean) {
  return async (req: IncomingMessage, res: ServerResponse, unread: RefusedUnread | null = null): Promise<void> => {
    const captured =
      unread === null ? await captureBody(req, deps.bodyLimitBytes, deps.timeouts.requestMs) : skipBody(req, unread);
    // Read once: the delay the record says is the one the answer waits.
    const delay = deps.policy.policy.delayMs;
    const { record, id, forward } = await receive(deps, tls, req, captured, delay);
    if (id === null) {
      const refusal = deps.storeRefusal ?? { body: storeRefusal.body, headers: {} };
      return send(res, storeRefusal.status, refusal.body, { ...refusal.headers, Connection: 'close' });
    }
    const { status, body } = record.response;
    const answer = () => {
      const headers = answerHeaders(status, id, captured.outcome !== 'complete');
      if (leftUnread(captured.outcome)) sendThenLinger(req, res, status, body, headers, lingerFor(deps));
      else send(res, status, body, headers);
    };
    if (delay > 0) setTimeout(answer, delay).unref();
    else answer();
    forward?.stored(id);
  };
}

/**
 * A CONNECT (a request to open a tunnel, which Node hands over without a response object): recorded
 * with the bytes that came after its head, answered 405, closed.
 */
function handleConnect(deps: ReceiverDeps, tls: boolean) {
  return async (req: IncomingMessage, socket: Socket, head: Buffer): Promise<void> => {
    const { record, id } = await receive(deps, tls, req, { body: head, outcome: 'complete' }, 0);
    const { status, body } = id === null ? storeRefusal : record.response;
    if (socket.writable) socket.end(rawAnswer(status, body, id === null ? {} : answerHeaders(status, id, true)));
  };
}

/** An HTTP/1.1 answer written straight to a socket, closing it. */
function rawAnswer(status: number, body: string, extraHeaders: Record<string, string>): string {
  const lines = Object.entries(answerHeadersFor(body, { Connection: 'close', ...extraHeaders })).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('')}\r\n${body}`;
}

/** A malformed request or a timeout before the handler ran: answer once, close, never crash. */
function onClientError(error: Error & { code?: string }, socket: Socket): void {
  const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || error.code === 'ECONNRESET' || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const status =
    error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  socket.end(rawAnswer(status, json({ error: STATUS_CODES[status] }), {}));
}

function configure(server: Server, deps: ReceiverDeps, tls: boolean): Server {
  server.headersTimeout = deps.timeouts.headersMs;
  server.requestTimeout = deps.timeouts.requestMs + 1000;
  server.keepAliveTimeout = deps.timeouts.keepAliveMs;
  // A sender may half-close right after its request: answer it, then close (Node would end the socket at once).
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  const handler = handleRequest(deps, tls);
  const unexpected = (error: Error) => deps.log(`receiver: unexpected failure (${error.message})`);
  const failed = (res: ServerResponse) => (error: Error) => {
    unexpected(error);
    send(res, 500, json({ error: 'internal error' }), { Connection: 'close' });
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (deps.intercept?.(req, res)) return;
    void handler(req, res).catch(failed(res));
  });
  // Node would answer 417 itself, unrecorded. The body is not read: the sender may be waiting to be told to send it.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    void handler(req, res, 'not_read').catch(failed(res));
  });
  // A sender waiting to be told to upload a body announced over the limit is told 413 instead (RFC 9110 §10.1.1).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (announcedOverLimit(req, deps.bodyLimitBytes)) return void handler(req, res, 'refused_before_upload').catch(failed(res));
    res.writeContinue();
    void handler(req, res).catch(failed(res));
  });
  const connect = handleConnect(deps, tls);
  server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    connect(req, socket, head).catch((error: Error) => {
      unexpected(error);
      socket.destroy();
    });
  });
  server.on('clientError', onClientError);
  return server;
}

export function createHttpsReceiver(deps: ReceiverDeps, certificate: ReceiverCertificate): Server {
  const server = createHttpsServer({
    cert: certificate.cert,
    key: certificate.key,
    handshakeTimeout: Math.min(deps.timeouts.handshakeMs, 10_000),
    allowHalfOpen: true,
    ...httpOptions(deps.timeouts),
  });
  server.on('tlsClientError', (_error, socket) => socket.destroy());
  trackConnections(server);
  return configure(server, deps, true);
}

export function createHttpReceiver(deps: ReceiverDeps): Server {
  return configure(createHttpServer(httpOptions(deps.timeouts)), deps, false);
}

function httpOptions(timeouts: ReceiverTimeouts) {
  return {
    // Node checks header and request timeouts on this interval; it bounds how late a 408 can be.
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(timeouts.headersMs / 4))),
    // A request without Host reaches the handler, to be recorded and answered 400 there.
    requireHostHeader: false,
  };
}

export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * The TCP connections of an HTTPS server. One still in its TLS handshake (a sender that refused the certificate and
 * left, one that never spoke) is no HTTP connection yet: closeAllConnections leaves it, and close() would wait out
 * its handshake timeout (10 s).
 */
const tcpConnections = new WeakMap<Server, Set<Socket>>();

function trackConnections(server: Server): void {
  const sockets = new Set<Socket>();
  tcpConnections.set(server, sockets);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
    for (const socket of tcpConnections.get(server) ?? []) socket.destroy();
  });
}
