import { RouteLink } from '../../components/RouteLink';
import { recipientKeyOf, routes } from '../../lib/links';
import type { UuidReference } from './uuid-links';

/** A payout order, payout or recipient UUID, with links to what the inspector received about it. */
export function UuidCell({ reference }: { reference: UuidReference }) {
  const { kind, uuid, orderUuid, recipientEmail } = reference;
  const recipientKey = orderUuid && recipientEmail ? recipientKeyOf(orderUuid, recipientEmail) : null;
  return (
    <div className="api-uuid" data-kind={kind}>
      <span className="mono api-uuid-value" title={`${kind} ${uuid}`}>
        {uuid}
      </span>
      <span className="api-uuid-links">
        <RouteLink to={routes.deliveriesMentioning(uuid)} testId="link-deliveries-mentioning" title={`Deliveries whose body mentions this ${kind}`}>
          deliveries
        </RouteLink>
        {kind === 'payout order' ? (
          <>
            <RouteLink to={routes.order(uuid)} testId="api-link-order" title="The order as its deliveries tell it">
              order
            </RouteLink>
            <RouteLink to={routes.lifecyclesOfOrder(uuid)} testId="api-link-lifecycles" title="The order's sends and streams">
              lifecycles
            </RouteLink>
          </>
        ) : (
          orderUuid &&
          recipientKey && (
            <RouteLink to={routes.lifecyclesOfRecipient(orderUuid, recipientKey)} testId="api-link-lifecycles" title="The recipient's sends and streams">
              lifecycles
            </RouteLink>
          )
        )}
      </span>
    </div>
  );
}
