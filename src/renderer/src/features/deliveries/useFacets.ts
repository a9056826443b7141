import { useCallback, useEffect, useRef, useState } from 'react';
import type { CallOutput } from '../../../../shared/contract';
import { call } from '../../api/client';
import { useServerEvent } from '../../hooks/useEventStream';

type Facets = CallOutput<'deliveries.facets'>;

const noFacets: Facets = { events: [], paths: [] };
const refreshDelayMs = 1_500;

/** Event names and paths seen so far, for the filter menus; refreshed (at most every 1.5 s) as deliveries arrive. */
export function useFacets(): Facets {
  const [facets, setFacets] = useState<Facets>(noFacets);
  const refreshTimer = useRef<number | undefined>(undefined);

  const refresh = useCallback(() => {
    call('deliveries.facets', {}).then(setFacets, () => {
      // Menus keep their last values; the list shows connection problems.
    });
  }, []);

  useEffect(() => {
    refresh();
    return () => window.clearTimeout(refreshTimer.current);
  }, [refresh]);

  useServerEvent('deliveries.changed', () => {
    if (refreshTimer.current !== undefined) return;
    refreshTimer.current = window.setTimeout(() => {
      refreshTimer.current = undefined;
      refresh();
    }, refreshDelayMs);
  });

  return facets;
}
