import type { ListEndpoint } from './service-api';

// No zod here: the renderer imports these values too.

/**
 * The lists a new payout order changes: its own, its payouts, and on the real service the wallet
 * sends (orders) and ledger movements (transactions) it makes. Their cached pages are dropped.
 */
export const listsChangedByPayoutOrders: readonly ListEndpoint[] = ['/api/payout-orders', '/api/payouts', '/api/orders', '/api/transactions'];

/** How long a page read from the service is served from the cache: long enough to page back and forth, short enough that a list moving under the user is read again soon. */
export const pageCacheTtlMs = 60_000;
