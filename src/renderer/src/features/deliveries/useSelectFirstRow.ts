import { useEffect, useRef } from 'react';
import type { DeliveriesState } from './useDeliveries';

type FirstRow = number | 'wait' | 'none';

/** The first row of the list for `key`: its id, 'wait' while that list is not shown yet, or 'none' when it has no rows. */
function firstRow(list: DeliveriesState, key: string): FirstRow {
  if (list.filterKey !== key || list.phase === 'loading') return 'wait';
  const first = list.items[0];
  if (first) return first.id;
  // A body-by-body search lists its matches as it finds them.
  return list.phase === 'ready' && list.search?.state === 'running' ? 'wait' : 'none';
}

/**
 * Asks for the first row of the list for a filter (by its `filterKey`) to be selected: now if
 * that list is shown, else as soon as it shows one (the filter was just changed and is loading).
 */
export function useSelectFirstRow(list: DeliveriesState, select: (id: number) => void): (key: string) => void {
  const awaited = useRef<string | null>(null);
  const settle = (key: string) => {
    const row = firstRow(list, key);
    awaited.current = row === 'wait' ? key : null;
    if (typeof row === 'number') select(row);
  };
  useEffect(() => {
    if (awaited.current !== null) settle(awaited.current);
  });
  return settle;
}
