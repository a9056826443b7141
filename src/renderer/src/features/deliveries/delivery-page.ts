import type { DeliveryOrder, DeliverySummary } from '../../../../shared/delivery';
import type { DeliverySearchJob } from '../../../../shared/delivery-search';

/** A page of the Deliveries list's infinite query (delivery-pages.ts), and what asks for it: shared with search-pages.ts. */

export type DeliveryPageParam =
  | { kind: 'top'; limit: number }
  | { kind: 'older'; beforeId: number }
  /** `scanned`: the list is a body-by-body search's, whose catch-up is a search of what was stored since. */
  | { kind: 'since'; afterId: number; scanned?: boolean };

export interface DeliveryPage {
  kind: DeliveryPageParam['kind'];
  /** Newest first, in `order`. */
  items: DeliverySummary[];
  order: DeliveryOrder;
  latestId: number;
  total: number;
  totalCapped: boolean;
  /** As many as asked for: more may lie below (a catch-up this full may have skipped some: reload instead). */
  full: boolean;
  /** With free text: the search job that found these rows (null for a catch-up). */
  search: DeliverySearchJob | null;
}
