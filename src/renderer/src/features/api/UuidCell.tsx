import { RouteLink } from '../../components/RouteLink';
import { recipientKeyOf, routes } from '../../lib/links';
import { uuidKindWords, type UuidReference } from './uuid-links';

/** A payout order, payout or recipient UUID, with links to what the inspector received about it, where webhooks can mention it. */
export function UuidCell({ reference }: { reference: UuidReference }) {
  const { kind, uuid, orderUuid, recipientEmail, inWebhooks } = reference;
  const words = uuidKindWords[kind];
  const recipientKey = orderUuid && recipientEmail ? recipientKeyOf(orderUuid, recipientEmail) : null;
  const orderHasWebhooks = kind !== 'payout-order' || inWebhooks.can;
  return (
    <div className="api-uuid" data-kind={kind} data-in-webhooks={inWebhooks.can}>
      <span className="mono api-uuid-value" title={`${words} ${uuid}`}>
        {uuid}
      </span>
      <span className="api-uuid-links">
        {inWebhooks.can ? (
          <RouteLink
            to={routes.deliveriesMentioning(uuid, { kind, orderUuid })}
            testId="link-deliveries-mentioning"
            title={`Deliveries whose body mentions this ${words}`}
          >
            deliveries
          </RouteLink>
        ) : (
          <span className="muted api-uuid-absent" data-testid="api-uuid-not-in-webhooks" title={inWebhooks.why}>
            {kind === 'payout-order' ? 'no webhooks' : 'not in webhooks'}
          </span>
        )}
        {kind !== 'payout-order' && !inWebhooks.can && orderUuid && (
          <RouteLink
            to={routes.deliveriesMentioning(orderUuid, { kind: 'payout-order', orderUuid })}
            testId="link-order-deliveries"
            title={`${inWebhooks.why} The order's deliveries mention its UUID.`}
          >
            order’s deliveries
          </RouteLink>
        )}
        {kind === 'payout-order'
          ? orderHasWebhooks && (
              <>
                <RouteLink to={routes.order(uuid)} testId="api-link-order" title="The order as its deliveries tell it">
                  order
                </RouteLink>
                <RouteLink to={routes.lifecyclesOfOrder(uuid)} testId="api-link-lifecycles" title="The order's sends and streams">
                  lifecycles
                </RouteLink>
              </>
            )
          : orderUuid &&
            recipientKey && (
              <RouteLink to={routes.lifecyclesOfRecipient(orderUuid, recipientKey)} testId="api-link-lifecycles" title="The recipient's sends and streams">
                lifecycles
              </RouteLink>
            )}
      </span>
    </div>
  );
}
