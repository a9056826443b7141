import { request } from 'node:http';
import type { Socket } from 'node:net';
import { AttemptError, attemptErrorOf, type AttemptErrorKind } from './attempt-error';
import { openConnection, targetHostPort } from './open-connection';

export interface AttemptRequest {
  target: URL;
  body: Buffer;
  headers: Record<string, string>;
  connectTimeoutMs: number;
  readTimeoutMs: number;
  trustedFingerprint: string | null;
  signal: AbortSignal;
}

export type AttemptOutcome =
  | { kind: 'response'; statusCode: number; location: string | null; durationMs: number }
  | { kind: 'error'; errorKind: AttemptErrorKind; error: string; durationMs: number };

/** Writes the request on the verified socket and waits for the whole response; redirects are never followed. */
function exchange(socket: Socket, req: AttemptRequest): Promise<{ statusCode: number; location: string | null }> {
  const { host, port } = targetHostPort(req.target);
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host,
      port,
      method: 'POST',
      path: `${req.target.pathname}${req.target.search}`,
      headers: { ...req.headers, 'Content-Length': String(req.body.byteLength) },
      createConnection: () => socket,
    });
    const cleanup = () => req.signal.removeEventListener('abort', onAbort);
    const fail = (error: AttemptError) => {
      cleanup();
      outgoing.destroy();
      reject(error);
    };
    const onAbort = () => fail(new AttemptError('aborted', 'The dispatcher was closed.'));
    req.signal.addEventListener('abort', onAbort, { once: true });
    // An idle socket for this long, before or during the response, is the spec's read timeout.
    socket.setTimeout(req.readTimeoutMs, () =>
      fail(new AttemptError('read_timeout', `No response within ${req.readTimeoutMs} ms of inactivity.`)),
    );
    outgoing.on('error', (error) => fail(attemptErrorOf(error)));
    outgoing.on('response', (response) => {
      response.on('error', (error) => fail(attemptErrorOf(error)));
      response.on('end', () => {
        cleanup();
        const location = response.headers.location;
        resolve({ statusCode: response.statusCode ?? 0, location: location ?? null });
      });
      response.resume();
    });
    outgoing.end(req.body);
  });
}

/** One delivery attempt: connect (within the connect timeout), send the exact bytes, read the status. Never throws. */
export async function sendAttempt(req: AttemptRequest): Promise<AttemptOutcome> {
  const started = performance.now();
  const durationMs = () => Math.round(performance.now() - started);
  let socket: Socket | null = null;
  try {
    socket = await openConnection(req.target, req);
    const { statusCode, location } = await exchange(socket, req);
    return { kind: 'response', statusCode, location, durationMs: durationMs() };
  } catch (error) {
    const failure = attemptErrorOf(error);
    return { kind: 'error', errorKind: failure.kind, error: failure.message, durationMs: durationMs() };
  } finally {
    socket?.destroy();
  }
}
