import { request, type IncomingMessage } from 'node:http';
import { RelayPage, RelayedDelivery } from '../../../shared/relay';
import { personalEgress, type Egress } from '../outbound/egress-policy';
import { openConnection, targetHostPort } from '@webhook-inspector/http-attempt';
import { readBounded, readPrefix } from './read-bounded';
import { serverSentEvents } from './server-sent-events';

export interface RelayEndpoint {
  /** The relay's base URL (https://relay.example.com, or http:// on a trusted network). */
  url: string;
  token: string;
  /** SHA-256 fingerprint of a self-signed relay certificate to accept. */
  fingerprint: string | null;
  /** The policy its connections go through (the core gives its own; alone: a personal one). */
  egress?: Egress;
}

const connectTimeoutMs = 5000;
/**
 * The most one event of the stream may hold: a relay stores at most 1 MiB of a body (its body limit), which is
 * 1.4 MiB in base64, plus its headers (at most 16 KiB, a few times that escaped in JSON): 8 MiB leaves room
 * for a relay run with a larger body limit and still bounds what a hostile or broken peer can make us hold.
 */
export const eventLimitBytes = 8 * 2 ** 20;
/** The most one page may hold; a page of large deliveries past it is asked again in fewer deliveries. */
export const pageLimitBytes = 32 * 2 ** 20;
/** A refusal's body is read for its reason only: its start. */
const refusalLimitBytes = 16 * 2 ** 10;

/**
 * A refused pull: the reason, how long the relay asked us to wait (Retry-After) if it did, and whether it refused
 * the token itself (401 or 403: rotated, revoked or wrong), which no retry with the same token mends.
 */
export class RelayRefusal extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
    readonly tokenRefused = false,
  ) {
    super(message);
  }
}

/** A page past `pageLimitBytes`: asked again with fewer deliveries, unless it held one only. */
export class PageTooLarge extends Error {
  constructor(
    message: string,
    readonly limit: number,
  ) {
    super(message);
  }
}

const mebibytes = (bytes: number) => `${bytes / 2 ** 20} MiB`;

/** "the relay at https://relay.example.com": the address as the user gave it, without any credentials in it. */
function relayAt(endpoint: RelayEndpoint): string {
  const url = new URL(endpoint.url);
  return `the relay at ${url.origin}${url.pathname === '/' ? '' : url.pathname}`;
}
/** The relay says it is alive at least every 15 s; silence for this long is a dead connection. */
export const silenceLimitMs = 45_000;

/** A GET to the relay's pull API on a verified connection: the token is sent only once TLS is checked. */
async function get(endpoint: RelayEndpoint, path: string, signal: AbortSignal): Promise<IncomingMessage> {
  const target = new URL(path, endpoint.url.endsWith('/') ? endpoint.url : `${endpoint.url}/`);
  const egress = endpoint.egress ?? personalEgress();
  const socket = await openConnection(target, { connectTimeoutMs, trustedFingerprint: endpoint.fingerprint, signal, egress });
  const { host, port } = targetHostPort(target);
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host,
      port,
      path: `${target.pathname}${target.search}`,
      headers: { Host: target.host, Authorization: `Bearer ${endpoint.token}`, Accept: 'application/json, text/event-stream' },
      createConnection: () => socket,
    });
    const onAbort = () => outgoing.destroy(new Error('stopped'));
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    outgoing.on('response', (response) => {
      response.once('close', () => signal.removeEventListener('abort', onAbort));
      resolve(response);
    });
    outgoing.end();
  });
}

/** A relay's words, cut to a line: they are a peer's bytes, shown in the top bar and the log. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim().slice(0, 200);
}

/** The relay's own sentence for a refusal (`{"error": "…"}`) and its reason code if it gave one, or the start of whatever else it sent. */
function relaysWords(body: Buffer): { words: string; reason: string | null } {
  const text = body.toString('utf8');
  try {
    const parsed = JSON.parse(text) as { error?: unknown; reason?: unknown };
    if (typeof parsed.error === 'string') return { words: oneLine(parsed.error), reason: typeof parsed.reason === 'string' ? parsed.reason : null };
  } catch {
    // not JSON: the text as it came
  }
  return { words: oneLine(text), reason: null };
}

/** Where a refused token is replaced: the kept source's settings, or the command line's for a run given one. */
const setTheToken = 'set the new one in Settings → Sources (or serve --relay-token)';

/** What a 401 or 403 means for the user: the token is no longer (or never was) the channel's, and what to do. */
function tokenRefusalMessage(status: number, reason: string | null): string {
  if (reason === 'token_rotated') return `the relay refused the token: the channel's token was rotated; ${setTheToken}`;
  if (reason === 'token_revoked') return 'the relay refused the token: its channel was revoked; create a channel and set its token in Settings → Sources';
  const why = status === 403 ? `the relay refused the token (403)` : 'the relay refused the token';
  return `${why}: wrong, or the channel's token was rotated or revoked; ${setTheToken}`;
}

/** Retry-After in seconds (the relay sends no dates), as milliseconds; null when absent or unreadable. */
function retryAfterMs(response: IncomingMessage): number | null {
  const seconds = Number(response.headers['retry-after']);
  return response.headers['retry-after'] !== undefined && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** Says what a refused pull means, in the relay's words where it gave a reason, without repeating the token. */
async function refusal(response: IncomingMessage): Promise<RelayRefusal> {
  const body = await readPrefix(response, refusalLimitBytes).catch(() => Buffer.alloc(0));
  const { words, reason } = relaysWords(body);
  const status = response.statusCode ?? 0;
  if (status === 401 || status === 403) return new RelayRefusal(tokenRefusalMessage(status, reason), retryAfterMs(response), true);
  const message = status === 503 && words !== '' ? words : `the relay answered ${status}${words ? `: ${words}` : ''}`;
  return new RelayRefusal(message, retryAfterMs(response));
}

export async function fetchPage(endpoint: RelayEndpoint, after: string, limit: number, signal: AbortSignal): Promise<RelayPage> {
  const response = await get(endpoint, `relay/v1/deliveries?after=${encodeURIComponent(after)}&limit=${limit}`, signal);
  if (response.statusCode !== 200) throw await refusal(response);
  const tooLarge = () => {
    response.destroy();
    return new PageTooLarge(`${relayAt(endpoint)} sent a page of ${limit} deliveries larger than ${mebibytes(pageLimitBytes)}`, limit);
  };
  if (Number(response.headers['content-length']) > pageLimitBytes) throw tooLarge();
  const body = await readBounded(response, pageLimitBytes, tooLarge);
  return RelayPage.parse(JSON.parse(body.toString('utf8')));
}

/**
 * Follows the relay's stream from a cursor: each delivery is handed to `onDelivery` (awaited, so a slow store
 * slows the stream instead of piling up). Resolves when the relay ends the stream; rejects on silence, on an
 * event larger than a delivery can be, or on error.
 */
export async function followStream(
  endpoint: RelayEndpoint,
  after: string,
  signal: AbortSignal,
  onOpen: () => void,
  onDelivery: (delivery: RelayedDelivery) => Promise<void>,
): Promise<void> {
  const response = await get(endpoint, `relay/v1/stream?after=${encodeURIComponent(after)}`, signal);
  if (response.statusCode !== 200) throw await refusal(response);
  onOpen();
  const watchdog = setTimeout(() => response.destroy(new Error('the relay went silent')), silenceLimitMs);
  const tooLarge = () =>
    new Error(`${relayAt(endpoint)} sent an event larger than ${mebibytes(eventLimitBytes)}, more than a delivery can be; the stream was closed`);
  // Every chunk that arrives, even a partial event, shows the connection is alive.
  const chunks = (async function* () {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      watchdog.refresh();
      yield chunk;
    }
  })();
  try {
    for await (const { event, data } of serverSentEvents(chunks, eventLimitBytes, tooLarge)) {
      if (event === 'delivery') await onDelivery(RelayedDelivery.parse(JSON.parse(data)));
    }
  } finally {
    clearTimeout(watchdog);
    response.destroy();
  }
}
