import { useEffect, useState } from 'react';

/** The current time in ms, re-read every `intervalMs` while `ticking` (for countdowns such as "in 12 s"). */
export function useNow(intervalMs: number, ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!ticking) return;
    // Catch up at once: the time may have stood still since the last tick.
    const first = window.setTimeout(() => setNow(Date.now()), 0);
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [intervalMs, ticking]);
  return now;
}
