export interface ListTotal {
  total: number;
  /** A lower bound: shown as "N+". */
  totalCapped: boolean;
}

/**
 * The list's total after a page down or a catch-up. A capped total is a lower bound (a text filter's count
 * reads a bounded number of deliveries, wherever the page is): of two for the same filter, the larger
 * holds, since deliveries are only ever added. An exact total replaces it.
 */
export function mergedTotal(current: ListTotal, page: ListTotal): ListTotal {
  if (!page.totalCapped || page.total >= current.total) return { total: page.total, totalCapped: page.totalCapped };
  return { total: current.total, totalCapped: true };
}
