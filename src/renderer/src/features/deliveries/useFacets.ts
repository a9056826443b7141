import type { CallOutput } from '../../../../shared/contract';
import { useCall } from '../../api/queries';

type Facets = CallOutput<'deliveries.facets'>;

const noFacets: Facets = { events: [], paths: [] };

/** Event names and paths seen so far, for the filter menus, refreshed as deliveries arrive. Menus keep their last values when a call fails. */
export function useFacets(): Facets {
  const facets = useCall('deliveries.facets', {});
  return facets.phase === 'ready' ? facets.value : noFacets;
}
