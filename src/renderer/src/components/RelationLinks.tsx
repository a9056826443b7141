import { routes, shortUuid } from '../lib/links';
import { RouteLink } from './RouteLink';

interface RelationLinksProps {
  lifecycleKey?: string | null;
  orderUuid?: string | null;
  recipientKey?: string | null;
  recipientEmail?: string | null;
  /** The duplicate group's first delivery, when the group has more than one copy. */
  duplicateGroupFirstId?: number | null;
  duplicateCount?: number;
}

/** Where a delivery (or a group, a lifecycle) belongs: links to each, in one line. */
export function RelationLinks(props: RelationLinksProps) {
  const { lifecycleKey, orderUuid, recipientKey, duplicateGroupFirstId } = props;
  const email = props.recipientEmail ?? (recipientKey ? recipientKey.slice(recipientKey.indexOf('|') + 1) : null);
  const links = [
    lifecycleKey && (
      <RouteLink key="lifecycle" to={routes.lifecycle(lifecycleKey)} testId="link-lifecycle" title={`Lifecycle ${lifecycleKey}: its events in event time`}>
        lifecycle <span className="mono">{lifecycleKey}</span>
      </RouteLink>
    ),
    orderUuid && (
      <RouteLink key="order" to={routes.order(orderUuid)} testId="link-order" title={`Payout order ${orderUuid}`}>
        order <span className="mono">{shortUuid(orderUuid)}</span>
      </RouteLink>
    ),
    orderUuid && (
      <RouteLink key="order-api" to={routes.apiList('/api/payout-orders')} testId="link-order-api" title="GET /api/payout-orders: the service's own record of its orders">
        see in API
      </RouteLink>
    ),
    orderUuid && recipientKey && (
      <RouteLink key="recipient" to={routes.recipient(orderUuid, recipientKey)} testId="link-recipient" title="The recipient within its order">
        recipient {email}
      </RouteLink>
    ),
    duplicateGroupFirstId != null && (props.duplicateCount ?? 2) > 1 && (
      <RouteLink key="duplicates" to={routes.duplicateGroup(duplicateGroupFirstId)} testId="link-duplicates" title="Every copy of this event">
        duplicate group{props.duplicateCount ? ` ×${props.duplicateCount}` : ''}
      </RouteLink>
    ),
  ].filter(Boolean);
  if (links.length === 0) return null;
  return (
    <nav className="relation-links" aria-label="Related">
      {links}
    </nav>
  );
}
