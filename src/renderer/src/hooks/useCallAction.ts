import { useState } from 'react';

export interface CallAction<A extends unknown[]> {
  run: (...args: A) => Promise<void>;
  busy: boolean;
  error: unknown;
  /** A line saying what the last successful run did. */
  done: string | null;
  clear: () => void;
}

/** Busy / error / done state around one call (settings, simulator). `action` returns the line to show on success. */
export function useCallAction<A extends unknown[]>(action: (...args: A) => Promise<string>): CallAction<A> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  const run = async (...args: A) => {
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone(await action(...args));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const clear = () => {
    setError(null);
    setDone(null);
  };
  return { run, busy, error, done, clear };
}
