import type { DuplicateGroupFacts } from '../../../../shared/delivery';
import type { DeliveryIdUse } from './delivery-id-words';

/**
 * How a group's copies used X-Service-Delivery, from the facts the store keeps for it: later copies are compared
 * with the first copy's value, so a group whose first copy sent none shows as none.
 */
export function deliveryIdUseOfGroup(group: DuplicateGroupFacts): DeliveryIdUse {
  if (group.deliveryIdChanged) return 'changed';
  if (group.firstDeliveryId === null) return 'missing';
  return group.deliveryIdMissing ? 'partly_missing' : 'same';
}

export function describeGroupDeliveryIds(group: DuplicateGroupFacts, use: DeliveryIdUse): string {
  const someNone = group.deliveryIdMissing ? '; some copies sent none' : '';
  switch (use) {
    case 'changed':
      return `different values${someNone}`;
    case 'missing':
      return 'the first copy sent none (the later copies are compared with it only when it sent one)';
    default:
      return `one value${someNone}`;
  }
}
