import { request, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { AttemptError, attemptErrorOf, type AttemptErrorKind } from './attempt-error';
import type { Egress } from './egress';
import { openConnection, targetHostPort } from './open-connection';

export interface AttemptRequest {
  target: URL;
  /** The request line's path and query, byte for byte (a forward's appended path); by default the target's. */
  path?: string;
  /** POST unless told otherwise. */
  method?: string;
  body: Buffer;
  /** Sent in this order and case; Host and Content-Length are added here. */
  headers: Record<string, string> | ReadonlyArray<readonly [string, string]>;
  connectTimeoutMs: number;
  readTimeoutMs: number;
  trustedFingerprint: string | null;
  /** Any certificate, self-signed included: only when the user allowed it for this target. */
  acceptAnyCertificate?: boolean;
  /** Keep up to this many bytes of the response body and stop reading there; undefined: read it all, keep none. */
  responseBodyCapBytes?: number;
  signal: AbortSignal;
  /** Resolves and checks the target's address before anything connects. */
  egress: Egress;
}

export interface AttemptResponse {
  statusCode: number;
  /** In order, case kept. */
  headers: Array<[string, string]>;
  location: string | null;
  body: Buffer;
  bodyTruncated: boolean;
}

export type AttemptOutcome =
  | ({ kind: 'response'; durationMs: number } & AttemptResponse)
  | {
      kind: 'error';
      errorKind: AttemptErrorKind;
      error: string;
      /** The system's error code (ECONNREFUSED, ENOTFOUND, a certificate's…) when there was one. */
      errorCode: string | null;
      durationMs: number;
      /** What had arrived when it failed: a target that stalls after its headers still told its status. */
      partial: AttemptResponse | null;
    };

function headerList(req: AttemptRequest): string[] {
  const pairs = Array.isArray(req.headers) ? req.headers : Object.entries(req.headers);
  const flat = ['Host', req.target.host];
  for (const [name, value] of pairs) flat.push(name, value);
  flat.push('Content-Length', String(req.body.byteLength));
  return flat;
}

function responseHeaders(response: IncomingMessage): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < response.rawHeaders.length; i += 2) pairs.push([response.rawHeaders[i]!, response.rawHeaders[i + 1]!]);
  return pairs;
}

/** Writes the request on the verified socket and reads the answer; redirects are never followed. */
function exchange(socket: Socket, req: AttemptRequest, seen: { response: AttemptResponse | null }): Promise<AttemptResponse> {
  const { host, port } = targetHostPort(req.target);
  const cap = req.responseBodyCapBytes;
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host,
      port,
      method: req.method ?? 'POST',
      path: req.path ?? `${req.target.pathname}${req.target.search}`,
      headers: headerList(req),
      createConnection: () => socket,
    });
    const cleanup = () => req.signal.removeEventListener('abort', onAbort);
    const fail = (error: AttemptError) => {
      cleanup();
      outgoing.destroy();
      reject(error);
    };
    const onAbort = () => fail(new AttemptError('aborted', 'The sender was closed.'));
    req.signal.addEventListener('abort', onAbort, { once: true });
    // An idle socket for this long, before or during the response, is the spec's read timeout.
    socket.setTimeout(req.readTimeoutMs, () =>
      fail(new AttemptError('read_timeout', `No response within ${req.readTimeoutMs} ms of inactivity.`)),
    );
    outgoing.on('error', (error) => fail(attemptErrorOf(error)));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const answer: AttemptResponse = {
        statusCode: response.statusCode ?? 0,
        headers: responseHeaders(response),
        location: response.headers.location ?? null,
        body: Buffer.alloc(0),
        bodyTruncated: false,
      };
      seen.response = answer;
      const done = () => {
        cleanup();
        answer.body = Buffer.concat(chunks, kept);
        resolve(answer);
      };
      response.on('error', (error) => fail(attemptErrorOf(error)));
      response.on('end', done);
      if (cap === undefined) return void response.resume();
      response.on('data', (chunk: Buffer) => {
        const room = cap - kept;
        chunks.push(chunk.subarray(0, room));
        kept += Math.min(room, chunk.length);
        answer.body = Buffer.concat(chunks, kept);
        if (chunk.length > room) {
          answer.bodyTruncated = true;
          response.off('end', done);
          done();
        }
      });
    });
    outgoing.end(req.body);
  });
}

/** One attempt: connect (within the connect timeout), send the exact bytes, read the answer. Never throws. */
export async function sendAttempt(req: AttemptRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  const seen: { response: AttemptResponse | null } = { response: null };
  let socket: Socket | null = null;
  try {
    socket = await openConnection(req.target, req);
    const answer = await exchange(socket, req, seen);
    return { kind: 'response', ...answer, durationMs: durationMs() };
  } catch (error) {
    const failure = attemptErrorOf(error);
    return {
      kind: 'error',
      errorKind: failure.kind,
      error: failure.message,
      errorCode: failure.code,
      durationMs: durationMs(),
      partial: seen.response,
    };
  } finally {
    socket?.destroy();
  }
}
