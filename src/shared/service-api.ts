import { z } from 'zod';

/** The service's paginated list endpoints (spec 4.4), as the API browser names them. */
export const listEndpoints = [
  '/api/orders',
  '/api/products',
  '/api/transactions',
  '/api/campaigns',
  '/api/campaigns/:id/catalog',
  '/api/payout-orders',
  '/api/payouts',
] as const;
export const ListEndpoint = z.enum(listEndpoints);
export type ListEndpoint = z.infer<typeof ListEndpoint>;

export const ListTarget = z.object({
  endpoint: ListEndpoint,
  /** The campaign of /api/campaigns/:id/catalog. */
  campaignId: z.string().optional(),
});
export type ListTarget = z.infer<typeof ListTarget>;

/** Spec 2.6, parsed; null where the header was missing or not an integer. */
export const Pagination = z.object({
  currentPage: z.number().int().nullable(),
  pageItems: z.number().int().nullable(),
  totalCount: z.number().int().nullable(),
  totalPages: z.number().int().nullable(),
});
export type Pagination = z.infer<typeof Pagination>;

export const ListPage = z.object({
  /** The request sent, e.g. `GET /api/orders?page=1&limit=10`. */
  request: z.string(),
  items: z.array(z.unknown()),
  pagination: Pagination,
  /** Headers missing, not integers, or inconsistent with the items (one line each). */
  headerProblems: z.array(z.string()),
  page: z.number().int(),
  limit: z.number().int(),
  fetchedAt: z.string(),
  /** Served from this UI session's cache rather than fetched now. */
  cached: z.boolean(),
  /** How long before it was served the page was read from the service: 0 when fetched now. */
  ageMs: z.number().int().min(0),
});
export type ListPage = z.infer<typeof ListPage>;

export const FetchAllJob = z.object({
  jobId: z.string(),
  target: ListTarget,
  state: z.enum(['running', 'done', 'canceled', 'failed']),
  pagesDone: z.number().int(),
  totalPages: z.number().int().nullable(),
  itemCount: z.number().int(),
  /** Set when it stopped on an error: what it got so far is kept. */
  error: z.string().nullable(),
  /** What to do about that error, in a sentence, when the core knows. */
  advice: z.string().nullable(),
});
export type FetchAllJob = z.infer<typeof FetchAllJob>;

export const PayoutOrderRequest = z.object({
  campaign_id: z.string().min(1),
  wallet_currency: z.string().min(1),
  recipients: z.array(z.record(z.string(), z.unknown())).min(1),
  callback_url: z.string().optional(),
});
export type PayoutOrderRequest = z.infer<typeof PayoutOrderRequest>;
