import type { DeliveryFilter } from '../../../../shared/delivery';
import { RouteLink } from '../../components/RouteLink';
import { routes, shortUuid } from '../../lib/links';
import { filterKey, type UuidMention } from '../../lib/route';

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a filter that found nothing is a search for a UUID alone, worth explaining. */
export function isUuidSearch(filter: DeliveryFilter, mention: UuidMention | undefined): boolean {
  const { text } = filter;
  if (!text || filterKey(filter) !== filterKey({ text })) return false;
  return mention !== undefined || uuidText.test(text.trim());
}

const orderReach =
  "A payout order's webhooks reach this inspector only if its callback_url points here (directly or through a tunnel), and only as its events occur; an order without callback_url fires none.";

function reasonFor(mention: UuidMention | undefined): string {
  switch (mention?.kind) {
    case 'payout-order':
      return `No stored delivery mentions this payout order. ${orderReach}`;
    case 'payout':
      return 'No stored delivery mentions this payout UUID: only a gift card’s payout.processing carries it, and crypto events (Form A or B) carry no payout UUID. Look up the order instead.';
    case 'recipient':
      return 'No stored delivery mentions this recipient UUID: only gift-card events carry it; crypto events name the recipient by email in Form A. Look up the order instead.';
    default:
      return `No stored delivery mentions this UUID. Webhook bodies carry a payout order’s UUID (gift cards and crypto Form A), and a gift card’s recipient UUID and payout UUID (the payout’s on payout.processing only); crypto events carry no payout or recipient UUID. ${orderReach}`;
  }
}

/** Why a search for a UUID found no delivery, and where to look instead. */
export function UuidNoMatch({ mention }: { mention: UuidMention | undefined }) {
  const orderUuid = mention && mention.kind !== 'payout-order' ? mention.orderUuid : null;
  return (
    <p className="muted" data-testid="deliveries-uuid-no-match" data-kind={mention?.kind ?? ''}>
      {reasonFor(mention)}{' '}
      {orderUuid && (
        <RouteLink to={routes.deliveriesMentioning(orderUuid, { kind: 'payout-order', orderUuid })} testId="no-match-order-deliveries">
          Deliveries of order {shortUuid(orderUuid)}
        </RouteLink>
      )}
    </p>
  );
}
