import { deliveryIdUse, deliveryIdUseWords, type DeliveryIdUse } from './delivery-id-words';

/** same / changed ×N / none: how the copies used X-Service-Delivery, in colour and a word. */
export function DeliveryIdUseBadge({ deliveryIds }: { deliveryIds: readonly (string | null)[] }) {
  const distinct = deliveryIds.filter((id) => id !== null).length;
  return <DeliveryIdUseWordBadge use={deliveryIdUse(deliveryIds)} distinct={distinct} values={deliveryIds} />;
}

/** The badge for a use already known: with the count of distinct values and the values themselves when they are. */
export function DeliveryIdUseWordBadge({ use, distinct, values }: { use: DeliveryIdUse; distinct?: number; values?: readonly (string | null)[] }) {
  const { word, className, title } = deliveryIdUseWords[use];
  const listed = values ? `\n${values.map((id) => id ?? '(none)').join('\n')}` : '';
  return (
    <span className={`badge ${className}`} data-testid="delivery-id-use" data-use={use} title={`${title}${listed}`}>
      {word}
      {use === 'changed' && distinct !== undefined ? ` ×${distinct}` : ''}
    </span>
  );
}
