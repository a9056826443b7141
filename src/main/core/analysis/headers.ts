/** Header lookup over the raw pairs the receiver kept (order and case as received). */

export type HeaderPairs = ReadonlyArray<readonly [string, string]>;

const noValues: readonly string[] = [];

/** A request's headers by name, case-insensitively, each name's values in arrival order: indexed once per delivery. */
export class RequestHeaders {
  private readonly byName = new Map<string, string[]>();

  constructor(pairs: HeaderPairs) {
    for (const [name, value] of pairs) {
      const key = name.toLowerCase();
      const values = this.byName.get(key);
      if (values === undefined) this.byName.set(key, [value]);
      else values.push(value);
    }
  }

  values(name: string): readonly string[] {
    return this.byName.get(name.toLowerCase()) ?? noValues;
  }

  /** The header's value, repeated headers joined with ", " as HTTP folds them; null when absent. */
  value(name: string): string | null {
    const values = this.values(name);
    return values.length === 0 ? null : values.join(', ');
  }
}

export const serviceHeaders = {
  contentType: 'Content-Type',
  userAgent: 'User-Agent',
  event: 'X-Service-Event',
  signature: 'X-Service-Signature',
  delivery: 'X-Service-Delivery',
  timestamp: 'X-Service-Timestamp',
} as const;
