/**
 * Seeded records are dated in a fixed window, not relative to the clock, so the same seed gives the
 * same records on any day. Orders created through the API are dated with the real clock.
 */
export const historyEnd = Date.UTC(2025, 5, 30);
export const historyStart = historyEnd - 365 * 24 * 60 * 60 * 1000;

export function newestFirst<T extends { created_at: string; uuid: string }>(a: T, b: T): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.uuid < b.uuid ? -1 : 1;
}

/** A gift-card (fiat) amount as the JSON number the service sends; crypto stays a decimal string. */
export function money(amount: string, kind: 'crypto' | 'fiat'): string | number {
  return kind === 'fiat' ? Number(amount) : amount;
}
