import type { DeliveryComparison } from '../../../shared/compare';
import type { DeliveryDetail } from '../../../shared/delivery';
import { checkWithoutOracle } from '../../../shared/signature-view';
import type { StoreReader } from '../store/reader';
import { compareDeliveries } from './compare-deliveries';

/** A delivery asked for that is not stored. */
export class DeliveryNotStored extends Error {
  readonly status = 404;

  constructor(readonly id: number) {
    super(`no delivery ${id}`);
  }
}

/**
 * Two stored deliveries compared, each signature check as deliveries.get shows it to the caller: the expected digest
 * whole only to whoever may see digests made with the secret (`wholeDigests`), else cut to its prefix unless it matched.
 */
export async function compareStored(store: Pick<StoreReader, 'getDelivery'>, leftId: number, rightId: number, wholeDigests: boolean): Promise<DeliveryComparison> {
  const [left, right] = await Promise.all([store.getDelivery(leftId), store.getDelivery(rightId)]);
  if (left === null) throw new DeliveryNotStored(leftId);
  if (right === null) throw new DeliveryNotStored(rightId);
  const shown = (detail: DeliveryDetail): DeliveryDetail => (wholeDigests ? detail : { ...detail, signatureCheck: checkWithoutOracle(detail.signatureCheck) });
  return compareDeliveries(shown(left), shown(right));
}
