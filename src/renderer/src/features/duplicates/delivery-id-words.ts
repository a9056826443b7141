/** How the copies of one event used X-Service-Delivery (the values seen, null for "none sent"). */
export type DeliveryIdUse = 'same' | 'changed' | 'missing' | 'partly_missing';

export function deliveryIdUse(deliveryIds: readonly (string | null)[]): DeliveryIdUse {
  const present = deliveryIds.filter((id) => id !== null);
  const missing = present.length < deliveryIds.length;
  if (present.length === 0) return 'missing';
  if (new Set(present).size >= 2) return 'changed';
  return missing ? 'partly_missing' : 'same';
}

export const deliveryIdUseWords: Record<DeliveryIdUse, { word: string; className: string; title: string }> = {
  same: { word: 'same', className: 'same-id', title: 'Every copy carried the same X-Service-Delivery.' },
  changed: { word: 'changed', className: 'changed-id', title: 'The copies carried different X-Service-Delivery values.' },
  missing: { word: 'none', className: 'no-id', title: 'No copy carried an X-Service-Delivery header.' },
  partly_missing: { word: 'partly none', className: 'no-id', title: 'Some copies carried one X-Service-Delivery, others none.' },
};
