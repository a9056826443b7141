/** Spec 8: up to 8 attempts per event, exponential backoff, spread over roughly 90 minutes. */
export const maxAttempts = 8;

// 42.5 s doubling: the seven gaps are 42.5 s, 85 s, 170 s, 340 s, 680 s, 1360 s, 2720 s = 89 min 57.5 s.
const firstRetryDelayMs = 42_500;

/** How long after failed attempt `failedAttempt` (1-based) the next one starts, compressed by the time scale. */
export function retryDelayMs(failedAttempt: number, timeScale: number): number {
  return (firstRetryDelayMs * 2 ** (failedAttempt - 1)) / timeScale;
}
