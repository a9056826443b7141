import type { ServerResponse } from 'node:http';
import { storeUnavailable, storeUnavailableHeaders } from './store-unavailable';

/** A JSON answer of the relay's own (not a delivery's), never cached. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'Cache-Control': 'no-store', ...headers });
  res.end(res.req.method === 'HEAD' ? undefined : text);
}

export function sendStoreUnavailable(res: ServerResponse): void {
  sendJson(res, 503, storeUnavailable, storeUnavailableHeaders);
}
