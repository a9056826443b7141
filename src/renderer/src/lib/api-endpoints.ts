import type { ListEndpoint } from '../../../shared/service-api';

/** The service's list endpoints, in the order (exhaustive by type: the renderer has no zod at runtime). */
export const endpointWords: Record<ListEndpoint, { label: string; about: string }> = {
  '/api/orders': { label: 'orders', about: "The account's orders: catalog purchases and wallet sends, newest first." },
  '/api/products': { label: 'products', about: 'Gift-card products, one per brand and currency.' },
  '/api/transactions': { label: 'transactions', about: "Movements of the merchant's ledger accounts, newest first." },
  '/api/campaigns': { label: 'campaigns', about: 'Campaigns, oldest first: each pays from one wallet currency.' },
  '/api/campaigns/:id/catalog': { label: 'campaign catalog', about: "What a campaign's recipients may choose: currencies (crypto) or brands (gift cards)." },
  '/api/payout-orders': { label: 'payout orders', about: 'Payout orders with their recipients, newest first.' },
  '/api/payouts': { label: 'payouts', about: 'One payout per recipient of every payout order, newest first.' },
};

export const endpointList = Object.keys(endpointWords) as ListEndpoint[];

export const catalogEndpoint = '/api/campaigns/:id/catalog' satisfies ListEndpoint;
export const defaultEndpoint: ListEndpoint = '/api/payout-orders';
export const defaultLimit = 10;
export const maxLimit = 20;

export function isListEndpoint(value: string): value is ListEndpoint {
  return (endpointList as string[]).includes(value);
}

/** The request path shown to the user: the campaign filled in, e.g. /api/campaigns/c1/catalog. */
export function endpointPath(endpoint: ListEndpoint, campaignId: string | null): string {
  return endpoint === catalogEndpoint && campaignId ? endpoint.replace(':id', campaignId) : endpoint;
}

/** A file name for an export of the endpoint's records: `payout-orders`, `campaign-<id>-catalog`. */
export function endpointFileStem(endpoint: ListEndpoint, campaignId: string | null): string {
  const stem = endpointPath(endpoint, campaignId).replace(/^\/api\//, '').replace(/[^A-Za-z0-9._-]+/g, '-');
  return stem.replace(/^-+|-+$/g, '') || 'records';
}
