/** What every relay endpoint answers while its database cannot be reached; the laptop shows `error` as it is. */
export const storeUnavailable = { error: "the relay's database is unavailable", reason: 'store_unavailable' } as const;

/** Seconds a client is asked to wait before trying again (Retry-After). */
export const storeRetryAfterSeconds = 5;

export const storeUnavailableHeaders = { 'Retry-After': String(storeRetryAfterSeconds) };

const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATEs of a server that is going away or not taking connections (class 08: connection exceptions). */
const goingAway = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Whether a failure means the database is out of reach (down, restarting, refusing connections) rather than a fault
 * of the query: only then is the answer a 503 to retry; anything else stays an error of the relay's own.
 */
export function isStoreUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string' && (unreachable.has(code) || goingAway.has(code) || code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i.test(
    error.message,
  );
}
