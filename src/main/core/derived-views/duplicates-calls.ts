import type { CallHandlers } from '../../../shared/contract';
import type { StoreReader } from '../store/reader';
import { caughtUp } from './caught-up';

/** The call `duplicates.list`: the groups of deliveries that are one event delivered again, with what identifies a delivery. */
export function duplicateCalls(store: StoreReader) {
  return {
    'duplicates.list': caughtUp<'duplicates.list'>(store, async ({ beforeLastId, limit }) => ({
      ...(await store.listDuplicateGroups(beforeLastId, limit)),
      evidence: await store.deliveryIdEvidence(),
    })),
  } satisfies Pick<CallHandlers, 'duplicates.list'>;
}
