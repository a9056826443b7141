import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef } from 'react';

interface VirtualRowsOptions<T, K> {
  items: readonly T[];
  /** Must be stable (a module constant): the virtualizer re-measures every row whenever it changes. */
  itemKey: (item: T) => K;
  /** Fixed row height in pixels. */
  rowHeight: number;
  /** The sticky column header sits above the rows inside the scroller. */
  headerHeight: number;
  overscan: number;
  /** One more row after the items (a "loading more" row), keyed `footer`. */
  withFooter?: boolean;
  selectedKey: K | null;
}

/** Fixed-height rows, only the visible ones in the DOM, kept scrolled to the selected one. */
export function useVirtualRows<T, K extends string | number>({ items, itemKey, rowHeight, headerHeight, overscan, withFooter = false, selectedKey }: VirtualRowsOptions<T, K>) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const rowKey = useCallback((index: number) => {
    const item = items[index];
    return item === undefined ? 'footer' : itemKey(item);
  }, [items, itemKey]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: items.length + (withFooter ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    getItemKey: rowKey,
  });

  const selectedIndex = useMemo(() => (selectedKey === null ? -1 : items.findIndex((item) => itemKey(item) === selectedKey)), [items, itemKey, selectedKey]);
  const scrolledTo = useRef<K | null>(null);
  useEffect(() => {
    if (selectedIndex < 0 || scrolledTo.current === selectedKey) return;
    scrolledTo.current = selectedKey;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedKey, selectedIndex, virtualizer]);

  return { scrollRef, virtualizer, virtualRows: virtualizer.getVirtualItems(), selectedIndex };
}
