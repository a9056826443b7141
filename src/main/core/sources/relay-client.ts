import { request, type IncomingMessage } from 'node:http';
import { RelayPage, RelayedDelivery } from '../../../shared/relay';
import { personalEgress, type Egress } from '../outbound/egress-policy';
import { openConnection, targetHostPort } from '../outbound/open-connection';

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

async function bodyText(response: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Says what a refused pull means, without repeating the token. */
async function refusal(response: IncomingMessage): Promise<Error> {
  const text = await bodyText(response).catch(() => '');
  if (response.statusCode === 401) return new Error('the relay refused the token (wrong token, or the channel was removed)');
  return new Error(`the relay answered ${response.statusCode}${text ? `: ${text.slice(0, 200)}` : ''}`);
}

export async function fetchPage(endpoint: RelayEndpoint, after: string, limit: number, signal: AbortSignal): Promise<RelayPage> {
  const response = await get(endpoint, `relay/v1/deliveries?after=${encodeURIComponent(after)}&limit=${limit}`, signal);
  if (response.statusCode !== 200) throw await refusal(response);
  return RelayPage.parse(JSON.parse(await bodyText(response)));
}

/**
 * Follows the relay's stream from a cursor: each delivery is handed to `onDelivery` (awaited, so a slow store
 * slows the stream instead of piling up). Resolves when the relay ends the stream; rejects on silence or error.
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
  response.setEncoding('utf8');
  const watchdog = setTimeout(() => response.destroy(new Error('the relay went silent')), silenceLimitMs);
  let buffered = '';
  try {
    for await (const chunk of response) {
      watchdog.refresh();
      buffered += chunk as string;
      let end: number;
      while ((end = buffered.indexOf('\n\n')) !== -1) {
        const message = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = message
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => line.slice(6))
          .join('\n');
        if (data !== '' && /^event: delivery$/m.test(message)) await onDelivery(RelayedDelivery.parse(JSON.parse(data)));
      }
    }
  } finally {
    clearTimeout(watchdog);
  }
}
