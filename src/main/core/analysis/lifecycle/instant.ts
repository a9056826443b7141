import { isIso8601DateTime } from '../../../../shared/payloads/json-values';

/**
 * A point in time read from an ISO-8601 date-time with offset. Event times are compared as instants,
 * never as strings: `10:16:05+01:00` is before `09:30:00Z`, and fractions finer than a millisecond count.
 */
export interface Instant {
  /** Whole seconds since the epoch, UTC. */
  readonly epochSeconds: number;
  /** The fraction's digits, trailing zeros removed ("25" for .250). */
  readonly fraction: string;
}

const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** Recent texts' instants: a lifecycle's event times are read again each time it grows. Instants are never changed. */
const recentInstants = new Map<string, Instant | null>();
const recentInstantsMax = 4_096;

/** The instant a date-time names, or null when it is not an ISO-8601 date-time with an explicit offset. */
export function parseInstant(text: string | null): Instant | null {
  if (text === null) return null;
  const known = recentInstants.get(text);
  if (known !== undefined) return known;
  if (recentInstants.size >= recentInstantsMax) recentInstants.clear();
  const instant = readInstant(text);
  recentInstants.set(text, instant);
  return instant;
}

function readInstant(text: string): Instant | null {
  if (!isIso8601DateTime(text)) return null;
  const match = parts.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetMinutes = match[8] === undefined ? 0 : (match[8] === '-' ? -1 : 1) * (Number(match[9]) * 60 + Number(match[10]));
  const utc = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0–99 as written; a leap second (:60) lands on the next minute's :00.
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, 0);
  const utcSeconds = utc.getTime() / 1000 - offsetMinutes * 60;
  return { epochSeconds: utcSeconds, fraction: (match[7] ?? '').replace(/0+$/, '') };
}

export function compareInstants(a: Instant, b: Instant): number {
  if (a.epochSeconds !== b.epochSeconds) return a.epochSeconds < b.epochSeconds ? -1 : 1;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/** Milliseconds since the epoch (finer digits dropped): for spreads and durations, not for ordering. */
export function instantMs(instant: Instant): number {
  return instant.epochSeconds * 1000 + Number(instant.fraction.padEnd(3, '0').slice(0, 3));
}

/** Orders date-time texts as instants; unreadable ones (null) sort after every readable one. */
export function compareTimeTexts(a: string | null, b: string | null): number {
  const ia = parseInstant(a);
  const ib = parseInstant(b);
  if (ia === null || ib === null) return ia === ib ? 0 : ia === null ? 1 : -1;
  return compareInstants(ia, ib);
}

/** The earliest (or, with `latest`, the latest) readable date-time text, in one pass: each text parsed once. */
export function extremeTimeText(texts: ReadonlyArray<string | null>, which: 'earliest' | 'latest'): string | null {
  let best: { text: string; instant: Instant } | null = null;
  for (const text of texts) {
    const instant = parseInstant(text);
    if (instant === null) continue;
    const order = best === null ? 0 : compareInstants(instant, best.instant);
    if (best === null || (which === 'earliest' ? order < 0 : order > 0)) best = { text: text!, instant };
  }
  return best?.text ?? null;
}
