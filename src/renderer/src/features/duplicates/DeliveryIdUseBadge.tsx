import { deliveryIdUse, deliveryIdUseWords, type DeliveryIdUse } from './delivery-id-words';

/** same / changed ×N / none: how the copies used X-Service-Delivery, in colour and a word. */
export function DeliveryIdUseBadge({ deliveryIds }: { deliveryIds: readonly (string | null)[] }) {
  const distinct = deliveryIds.filter((id) => id !== null).length;
  return <DeliveryIdUseWordBadge use={deliveryIdUse(deliveryIds)} distinct={distinct} values={deliveryIds} />;
}

/**
 * The badge for a use already known: with the count of distinct values and the values themselves when they are, or
 * a title of its own (a use judged from a group's facts rather than from every copy).
 */
export function DeliveryIdUseWordBadge(props: { use: DeliveryIdUse; distinct?: number; values?: readonly (string | null)[]; title?: string }) {
  const { use, distinct, values } = props;
  const { word, className } = deliveryIdUseWords[use];
  const title = props.title ?? deliveryIdUseWords[use].title;
  const listed = values ? `\n${values.map((id) => id ?? '(none)').join('\n')}` : '';
  return (
    <span className={`badge ${className}`} data-testid="delivery-id-use" data-use={use} title={`${title}${listed}`}>
      {word}
      {use === 'changed' && distinct !== undefined ? ` ×${distinct}` : ''}
    </span>
  );
}
