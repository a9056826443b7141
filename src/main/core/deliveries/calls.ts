import type { CallHandlers } from '../../../shared/contract';
import { checkWithoutOracle, seesWholeDigests } from '../../../shared/signature-view';
import { found } from '../found';
import type { StoreReader } from '../store/reader';

/** The calls `deliveries.list`, `.get` and `.facets`: the stored deliveries, each signature check as the caller may see it. */
export function deliveryCalls(store: StoreReader) {
  return {
    'deliveries.list': (input) => store.listDeliveries(input),
    'deliveries.get': async ({ id }, caller) => {
      const detail = found(await store.getDelivery(id), `no delivery ${id}`);
      return seesWholeDigests(caller) ? detail : { ...detail, signatureCheck: checkWithoutOracle(detail.signatureCheck) };
    },
    'deliveries.facets': () => store.deliveryFacets(),
  } satisfies Pick<CallHandlers, 'deliveries.list' | 'deliveries.get' | 'deliveries.facets'>;
}
