import { STATUS_CODES } from 'node:http';
import { utf8TextOrNull } from './body-text';
import type { StoredDelivery } from './selection';

/** Where a delivery was received: the receiver's origin it came in on (https or plain http). */
export type ReceiverOriginOf = (delivery: StoredDelivery) => string;

function headerValue(headers: ReadonlyArray<readonly [string, string]>, name: string): string | null {
  return headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? null;
}

/** The headers the receiver set on its answer (receiver/server.ts `send`), rebuilt from the stored answer. */
function receiverResponseHeaders(delivery: StoredDelivery): Array<{ name: string; value: string }> {
  const { status, body } = delivery.response;
  const headers = [
    { name: 'Content-Type', value: 'application/json' },
    { name: 'Content-Length', value: String(Buffer.byteLength(body)) },
    { name: 'X-Inspector-Delivery-Id', value: String(delivery.id) },
  ];
  if (status === 405) headers.push({ name: 'Allow', value: 'POST' });
  if (status >= 300 && status < 400) headers.push({ name: 'Location', value: '/' });
  return headers;
}

function queryPairs(query: string): Array<{ name: string; value: string }> {
  return [...new URLSearchParams(query)].map(([name, value]) => ({ name, value }));
}

/**
 * Where the request's body goes. HAR 1.2 `postData.text` is text, so a body that is not UTF-8 is left out
 * of it (a HAR 1.2 reader sees a body it was not given, never base64 as the body) and kept byte-exact in
 * HTTP Toolkit's `_content`, under the status word it writes beside it (httptoolkit-ui src/model/http/har.ts).
 */
function requestBodyFields(delivery: StoredDelivery) {
  const text = utf8TextOrNull(delivery.body);
  if (text !== null) {
    return { postData: { mimeType: headerValue(delivery.headers, 'content-type') ?? 'application/octet-stream', text } };
  }
  return {
    _requestBodyStatus: 'discarded:not-representable',
    _content: { text: Buffer.from(delivery.body).toString('base64'), size: delivery.body.byteLength, encoding: 'base64' },
    comment: 'The body is not UTF-8 text, so postData cannot hold it: its bytes are in _content, base64-encoded.',
  };
}

/** One HAR 1.2 entry; `_webhookInspector` keeps what HAR has no field for, so an import loses nothing. */
export function harEntry(delivery: StoredDelivery, origin: string) {
  const { status, body: responseBody, reason } = delivery.response;
  return {
    startedDateTime: new Date(delivery.receivedAt).toISOString(),
    time: 0,
    request: {
      method: delivery.method,
      url: `${origin}${delivery.path}${delivery.query ? `?${delivery.query}` : ''}`,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: delivery.headers.map(([name, value]) => ({ name, value })),
      queryString: queryPairs(delivery.query),
      headersSize: -1,
      bodySize: delivery.body.byteLength,
      ...requestBodyFields(delivery),
    },
    response: {
      status,
      statusText: STATUS_CODES[status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: receiverResponseHeaders(delivery),
      content: { size: Buffer.byteLength(responseBody), mimeType: 'application/json', text: responseBody },
      redirectURL: status >= 300 && status < 400 ? '/' : '',
      headersSize: -1,
      bodySize: Buffer.byteLength(responseBody),
    },
    cache: {},
    // `wait`: how long the receiver took to answer once the request had arrived; the rest it does not see.
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: delivery.response.afterMs ?? 0, receive: 0 },
    comment:
      delivery.response.afterMs === null
        ? 'The receiver did not time this answer: timings are zero.'
        : 'timings.wait is how long the receiver took to answer once the request had arrived; it does not time the rest.',
    _webhookInspector: {
      sourceId: delivery.id,
      bodyTruncated: delivery.bodyTruncated,
      remoteAddress: delivery.remoteAddress,
      responseReason: reason,
    },
  };
}

/** A HAR 1.2 document in pieces (entries one by one), so a large export streams. */
export async function* harChunks(
  deliveries: AsyncIterable<StoredDelivery> | Iterable<StoredDelivery>,
  originOf: ReceiverOriginOf,
  version: string,
): AsyncGenerator<string> {
  const creator = { name: 'Webhook Inspector', version };
  yield `{"log":{"version":"1.2","creator":${JSON.stringify(creator)},"pages":[],"entries":[`;
  let first = true;
  for await (const delivery of deliveries) {
    yield (first ? '\n' : ',\n') + JSON.stringify(harEntry(delivery, originOf(delivery)));
    first = false;
  }
  yield '\n]}}\n';
}
