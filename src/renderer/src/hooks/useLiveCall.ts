import { useEffect, useState } from 'react';
import { isAbort } from '../api/client';
import { useDataChanged } from './useDataChanged';

export type LiveCallState<T> =
  | { phase: 'none' }
  | { phase: 'loading' }
  | { phase: 'ready'; value: T }
  | { phase: 'error'; error: unknown };

interface Loaded<T> {
  key: string;
  result: { value: T } | { error: unknown };
}

/**
 * One call's answer for `key` (null: nothing asked), asked again as deliveries arrive.
 * A reload of the same key keeps showing the previous answer until the new one lands.
 */
export function useLiveCall<T>(key: string | null, load: (signal: AbortSignal) => Promise<T>): LiveCallState<T> {
  const [loaded, setLoaded] = useState<Loaded<T> | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    load(abort.signal).then(
      (value) => setLoaded({ key, result: { value } }),
      (error: unknown) => {
        if (!isAbort(error)) setLoaded({ key, result: { error } });
      },
    );
    return () => abort.abort();
    // `load` is a new function every render; the key says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  useDataChanged(() => {
    if (key !== null) setVersion((v) => v + 1);
  }, 800);

  if (key === null) return { phase: 'none' };
  if (!loaded || loaded.key !== key) return { phase: 'loading' };
  if ('value' in loaded.result) return { phase: 'ready', value: loaded.result.value };
  return { phase: 'error', error: loaded.result.error };
}
