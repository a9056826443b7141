import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * New rows are prepended. At the top, the user should see them arrive; scrolled
 * down, the rows they are reading should not jump, so the scroll moves with them.
 */
export function useKeepRowsInPlaceOnPrepend<T, K>(
  enabled: boolean,
  items: readonly T[],
  itemKey: (item: T) => K,
  rowHeight: number,
  scrollRef: RefObject<HTMLDivElement | null>,
) {
  const previousFirstKey = useRef<K | undefined>(undefined);
  useLayoutEffect(() => {
    if (!enabled) return;
    const first = items[0] === undefined ? undefined : itemKey(items[0]);
    const previous = previousFirstKey.current;
    previousFirstKey.current = first;
    const element = scrollRef.current;
    if (previous === undefined || !element || element.scrollTop === 0 || first === previous) return;
    const added = items.findIndex((item) => itemKey(item) === previous);
    if (added > 0) element.scrollTop += added * rowHeight;
  }, [enabled, items, itemKey, rowHeight, scrollRef]);
}
