import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { describeError } from '../api/client';

export interface VirtualListProps<T, K extends string | number> {
  items: readonly T[];
  itemKey: (item: T) => K;
  /** Fixed row height in pixels. */
  rowHeight: number;
  /** The sticky column header (rendered inside the scroller) and its height. */
  header: ReactNode;
  headerHeight: number;
  renderRow: (item: T, placement: { top: number; selected: boolean }) => ReactNode;
  /** The DOM id of a row, for aria-activedescendant. */
  rowDomId: (key: K) => string;
  selectedKey: K | null;
  hasMore: boolean;
  loadingMore: boolean;
  pageError: unknown;
  onLoadMore: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  listRef: Ref<HTMLDivElement>;
  label: string;
  testId: string;
  /** "older duplicate groups" and the like, for the footer. */
  olderWhat: string;
}

const prefetchRows = 40;

/** Fixed-height rows, only the visible ones in the DOM (the deliveries list's pattern, for any row type). */
export function VirtualList<T, K extends string | number>(props: VirtualListProps<T, K>) {
  const { items, itemKey, rowHeight, headerHeight, hasMore, loadingMore, pageError, onLoadMore, selectedKey } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const showFooter = hasMore || pageError !== null;
  const rowKey = useCallback((index: number) => {
    const item = items[index];
    return item === undefined ? 'footer' : itemKey(item);
  }, [items, itemKey]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: items.length + (showFooter ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 12,
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    getItemKey: rowKey,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastVisibleIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !pageError && lastVisibleIndex >= items.length - prefetchRows) onLoadMore();
  }, [hasMore, loadingMore, pageError, lastVisibleIndex, items.length, onLoadMore]);

  const selectedIndex = useMemo(() => (selectedKey === null ? -1 : items.findIndex((item) => itemKey(item) === selectedKey)), [items, itemKey, selectedKey]);
  const scrolledTo = useRef<K | null>(null);
  useEffect(() => {
    if (selectedIndex < 0 || scrolledTo.current === selectedKey) return;
    scrolledTo.current = selectedKey;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedKey, selectedIndex, virtualizer]);

  const setRefs = (element: HTMLDivElement | null) => {
    scrollRef.current = element;
    if (typeof props.listRef === 'function') props.listRef(element);
    else if (props.listRef) props.listRef.current = element;
  };

  return (
    <div className="delivery-list">
      <div
        ref={setRefs}
        className="delivery-list-scroll"
        role="listbox"
        aria-label={props.label}
        tabIndex={0}
        data-testid={props.testId}
        data-loaded={items.length}
        data-has-more={hasMore}
        aria-activedescendant={selectedIndex >= 0 && selectedKey !== null ? props.rowDomId(selectedKey) : undefined}
        onKeyDown={props.onKeyDown}
      >
        {props.header}
        <div className="delivery-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualRows.map((row) => {
            const item = items[row.index];
            const top = row.start - headerHeight;
            if (item === undefined) {
              return (
                <div key="footer" className="delivery-list-footer" style={{ transform: `translateY(${top}px)`, height: rowHeight }}>
                  {pageError && !loadingMore ? (
                    <>
                      <span className="error-text">
                        Could not load {props.olderWhat}: {describeError(pageError)}
                      </span>
                      <button type="button" onClick={onLoadMore}>
                        Retry
                      </button>
                    </>
                  ) : (
                    <span className="muted">Loading {props.olderWhat}…</span>
                  )}
                </div>
              );
            }
            return props.renderRow(item, { top, selected: row.index === selectedIndex });
          })}
        </div>
      </div>
    </div>
  );
}
