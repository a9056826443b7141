import type { CallHandlers } from '../../../shared/contract';
import { seesWholeDigests } from '../../../shared/signature-view';
import type { StoreReader } from '../store/reader';
import { compareStored } from './compare-stored';

/** The call `deliveries.compare`: two stored deliveries side by side, each signature check as deliveries.get shows it. */
export function compareCalls(store: StoreReader) {
  return {
    'deliveries.compare': ({ left, right }, caller) => compareStored(store, left, right, seesWholeDigests(caller)),
  } satisfies Pick<CallHandlers, 'deliveries.compare'>;
}
