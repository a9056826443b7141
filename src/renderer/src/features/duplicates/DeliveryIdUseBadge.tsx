import type { DuplicateGroupFacts } from '../../../../shared/delivery';
import { deliveryIdUse, deliveryIdUseWords, type DeliveryIdUse } from './delivery-id-words';
import { deliveryIdUseOfGroup, describeGroupDeliveryIds } from './group-delivery-ids';

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

interface GroupDeliveryIdUseBadgeProps {
  facts: DuplicateGroupFacts;
  /** The X-Service-Delivery values of the listed copies. */
  listedIds: readonly (string | null)[];
  /** Every copy of the group is listed. */
  allListed: boolean;
}

/**
 * A group's use of X-Service-Delivery: judged copy by copy when every copy is listed (a first copy without one and a
 * later one with it read 'partly none'); past the listed copies, from what the group's facts can tell.
 */
export function GroupDeliveryIdUseBadge({ facts, listedIds, allListed }: GroupDeliveryIdUseBadgeProps) {
  if (allListed) return <DeliveryIdUseBadge deliveryIds={listedIds} />;
  const use = deliveryIdUseOfGroup(facts);
  return <DeliveryIdUseWordBadge use={use} title={describeGroupDeliveryIds(facts, use)} />;
}
