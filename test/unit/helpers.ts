import { analyzeDelivery } from '../../src/main/core/analysis/analyze-delivery';
import type { DeliveryAnalysis, RawDelivery } from '../../src/main/core/analysis/types';
import type { Finding } from '../../src/shared/verdicts';
import { signedDelivery, type SignedDeliveryOptions } from '../fixtures/payloads';

export const secret = 'whsec_test_5f1e0c';

/** A RawDelivery as the receiver would capture a signed delivery of this body. */
export function rawDelivery(
  body: string | Uint8Array | Record<string, unknown>,
  overrides: Partial<RawDelivery> = {},
  options: SignedDeliveryOptions = {},
): RawDelivery {
  const signed = signedDelivery(body, secret, { deliveryId: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', ...options });
  return {
    method: 'POST',
    path: '/webhooks/payouts',
    query: '',
    headers: Object.entries(signed.headers),
    body: signed.body,
    bodyTruncated: false,
    ...overrides,
  };
}

/** Replace (or with null, remove) headers of a raw delivery, matching names case-insensitively. */
export function withHeaders(raw: RawDelivery, changes: Record<string, string | null>): RawDelivery {
  const lower = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k.toLowerCase(), v]));
  const kept = raw.headers.filter(([name]) => !(name.toLowerCase() in lower));
  const added = Object.entries(changes).filter((entry): entry is [string, string] => entry[1] !== null);
  return { ...raw, headers: [...kept, ...added] };
}

export function analyzeBody(body: string | Uint8Array | Record<string, unknown>, overrides: Partial<RawDelivery> = {}): DeliveryAnalysis {
  return analyzeDelivery(rawDelivery(body, overrides), secret);
}

export const codes = (findings: Finding[]) => findings.map((f) => f.code);
export const errors = (findings: Finding[]) => findings.filter((f) => f.severity === 'error');
export const withCode = (findings: Finding[], code: string) => findings.filter((f) => f.code === code);

type Json = Record<string, unknown>;

/** Sets (or, with `undefined`, deletes) the value at a path of a freshly built fixture, and returns the fixture. */
export function edit(body: Json, path: Array<string | number>, value: unknown): Json {
  let target: unknown = body;
  for (const step of path.slice(0, -1)) target = (target as Record<string | number, unknown>)[step];
  const last = path[path.length - 1] as string | number;
  const container = target as Record<string | number, unknown>;
  if (value === undefined) delete container[last];
  else container[last] = value;
  return body;
}
