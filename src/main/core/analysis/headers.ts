/** Header lookup over the raw pairs the receiver kept (order and case as received). */

export type HeaderPairs = ReadonlyArray<readonly [string, string]>;

export function headerValues(headers: HeaderPairs, name: string): string[] {
  const wanted = name.toLowerCase();
  return headers.filter(([key]) => key.toLowerCase() === wanted).map(([, value]) => value);
}

/** The header's value, repeated headers joined with ", " as HTTP folds them; null when absent. */
export function headerValue(headers: HeaderPairs, name: string): string | null {
  const values = headerValues(headers, name);
  return values.length === 0 ? null : values.join(', ');
}

export const serviceHeaders = {
  contentType: 'Content-Type',
  userAgent: 'User-Agent',
  event: 'X-Service-Event',
  signature: 'X-Service-Signature',
  delivery: 'X-Service-Delivery',
  timestamp: 'X-Service-Timestamp',
} as const;
