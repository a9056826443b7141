import { z } from 'zod';
import { DeliveryDetail, DeliveryFilter, DeliveryOrder, DeliverySummary } from '../delivery';
import { Empty } from './empty';
import type { Role } from '../role';

export const DeliveryListInput = z.object({
  filter: DeliveryFilter.default({}),
  /** The id of the last row loaded: the page after it, in the list's order. */
  beforeId: z.number().int().optional(),
  /** The list's `latestId`: only what was stored since. */
  afterId: z.number().int().optional(),
  limit: z.number().int().min(1).max(500).default(100),
});

/** The stored deliveries: a page of the list, one delivery, the filters' values. */
export const calls = {
  'deliveries.list': {
    input: DeliveryListInput,
    output: z.object({
      items: z.array(DeliverySummary),
      /** Deliveries matching the filter; with a filter, counted up to 10,000 (then totalCapped). */
      total: z.number().int(),
      totalCapped: z.boolean(),
      /** `received`: newest receive time first (imports keep theirs); `stored`: newest id first (a text search). */
      order: DeliveryOrder,
      /** The newest stored delivery when the page was read, matching or not: catch up with `afterId` from it. */
      latestId: z.number().int(),
    }),
  },
  'deliveries.get': { input: z.object({ id: z.number().int() }), output: DeliveryDetail },
  'deliveries.facets': {
    input: Empty,
    output: z.object({ events: z.array(z.string()), paths: z.array(z.string()) }),
  },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'deliveries.list': 'viewer',
  'deliveries.get': 'viewer',
  'deliveries.facets': 'viewer',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  /**
   * New deliveries were stored; latestId is the newest id, and `stored` what the store keeps as of that commit
   * (the status's deliveryCount and retention.kept), so that the top bar moves with the list.
   */
  'deliveries.changed': z.object({ latestId: z.number().int(), stored: z.object({ deliveries: z.number().int(), bytes: z.number().int() }) }),
  /** Verdicts were recomputed (secret set or cleared): lists should reload. */
  'deliveries.reanalyzed': z.object({ count: z.number().int() }),
} as const;
