import { randomUUID } from 'node:crypto';
import { deliveryHeaders } from 'payout-simulator';
import type { CheckRequest } from './check-case';

/** A delivery exactly as the service sends it: the spec 2.1 headers, signed over these bytes (spec 5.3). */
export function serviceRequest(body: string | Buffer, secret: string, label?: string): CheckRequest {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const event = eventOf(bytes);
  const headers = deliveryHeaders({ event, body: bytes, secret, deliveryId: randomUUID(), dispatchedAtMs: Date.now(), faults: [] });
  return { headers: Object.entries(headers), body: bytes, ...(label ? { label } : {}) };
}

/** The body's `event`, which X-Service-Event mirrors (spec 6). */
function eventOf(body: Buffer): string {
  try {
    const event = (JSON.parse(body.toString('utf8')) as { event?: unknown }).event;
    return typeof event === 'string' ? event : '';
  } catch {
    return '';
  }
}

/** The same delivery with one header replaced (`value` null: removed) or added after the others. */
export function withHeader(request: CheckRequest, name: string, value: string | null): CheckRequest {
  const others = request.headers.filter(([key]) => key.toLowerCase() !== name.toLowerCase());
  const at = request.headers.findIndex(([key]) => key.toLowerCase() === name.toLowerCase());
  if (value === null) return { ...request, headers: others };
  const headers = [...request.headers];
  if (at >= 0) headers[at] = [name, value];
  else headers.push([name, value]);
  return { ...request, headers };
}

/** Another attempt of the same delivery: the same bytes and signature, a new X-Service-Delivery (spec 4.1, 6.1). */
export function anotherAttempt(request: CheckRequest, label: string): CheckRequest {
  return { ...withHeader(request, 'X-Service-Delivery', randomUUID()), label };
}
