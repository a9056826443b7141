import { deliveryIdUse, deliveryIdUseWords } from './delivery-id-words';

/** same / changed ×N / none: how the copies used X-Service-Delivery, in colour and a word. */
export function DeliveryIdUseBadge({ deliveryIds }: { deliveryIds: readonly (string | null)[] }) {
  const use = deliveryIdUse(deliveryIds);
  const { word, className, title } = deliveryIdUseWords[use];
  const distinct = deliveryIds.filter((id) => id !== null).length;
  return (
    <span className={`badge ${className}`} data-testid="delivery-id-use" data-use={use} title={`${title}\n${deliveryIds.map((id) => id ?? '(none)').join('\n')}`}>
      {word}
      {use === 'changed' ? ` ×${distinct}` : ''}
    </span>
  );
}
