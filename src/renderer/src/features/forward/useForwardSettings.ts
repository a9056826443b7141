import { useQuery } from '@tanstack/react-query';
import type { ForwardSettings } from '../../../../shared/replay';
import { call } from '../../api/client';

export interface ForwardState {
  settings: ForwardSettings | null;
  /** Why they could not be read. */
  error: unknown;
}

/**
 * The live-forward settings, shared by the top bar's indicator and the Settings card. No event announces a
 * change: they are read when first shown and after a reconnect, and take what `forward.set` returns
 * (`forwardKey`'s data set by the card).
 */
export const forwardKey = ['forward.get', {}] as const;

export function useForwardSettings(): ForwardState {
  const query = useQuery({ queryKey: forwardKey, queryFn: ({ signal }) => call('forward.get', {}, { signal }) });
  return { settings: query.data ?? null, error: query.error };
}
