import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type KeyboardEvent, type Ref } from 'react';
import type { DeliverySummary } from '../../../../shared/delivery';
import { describeError } from '../../api/client';
import { DeliveryListHeader, DeliveryRow, deliveryRowDomId, headerHeight, rowHeight } from './DeliveryRow';

interface DeliveryListProps {
  items: readonly DeliverySummary[];
  hasMore: boolean;
  loadingMore: boolean;
  pageError: unknown;
  onLoadMore: () => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
  markedIds: ReadonlySet<number>;
  onMark: (id: number, range: boolean) => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  listRef: Ref<HTMLDivElement>;
}

/** Start fetching the next page this many rows before the end is on screen. */
const prefetchRows = 60;

/** Fixed-height rows, only the visible ones in the DOM: 100,000 rows scroll like 100. */
export function DeliveryList(props: DeliveryListProps) {
  const { items, hasMore, loadingMore, pageError, onLoadMore, selectedId, onSelect, markedIds, onMark } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const showFooter = hasMore || pageError !== null;
  // Stable between scrolls: the virtualizer re-measures every row whenever this function changes.
  const rowKey = useCallback((index: number) => items[index]?.id ?? 'footer', [items]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: items.length + (showFooter ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 20,
    // The sticky column header sits above the rows inside the scroller.
    scrollMargin: headerHeight,
    scrollPaddingStart: headerHeight,
    getItemKey: rowKey,
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastVisibleIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !pageError && lastVisibleIndex >= items.length - prefetchRows) onLoadMore();
  }, [hasMore, loadingMore, pageError, lastVisibleIndex, items.length, onLoadMore]);

  useKeepRowsInPlaceOnPrepend(items, scrollRef);

  const selectedIndex = useMemo(() => (selectedId === null ? -1 : items.findIndex((item) => item.id === selectedId)), [items, selectedId]);
  const scrolledToId = useRef<number | null>(null);
  useEffect(() => {
    if (selectedIndex < 0 || scrolledToId.current === selectedId) return;
    scrolledToId.current = selectedId;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedId, selectedIndex, virtualizer]);

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
        aria-label="Deliveries, newest first"
        tabIndex={0}
        data-testid="delivery-list"
        data-loaded={items.length}
        data-has-more={hasMore}
        aria-activedescendant={selectedIndex >= 0 && selectedId !== null ? deliveryRowDomId(selectedId) : undefined}
        onKeyDown={props.onKeyDown}
      >
        <DeliveryListHeader />
        <div className="delivery-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
          {virtualRows.map((row) => {
            const delivery = items[row.index];
            if (!delivery) {
              return <ListFooter key="footer" top={row.start - headerHeight} loadingMore={loadingMore} pageError={pageError} onRetry={onLoadMore} />;
            }
            return (
              <DeliveryRow
                key={delivery.id}
                delivery={delivery}
                top={row.start - headerHeight}
                selected={delivery.id === selectedId}
                onSelect={onSelect}
                marked={markedIds.has(delivery.id)}
                onMark={onMark}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}

/**
 * New deliveries are prepended. At the top, the user should see them arrive; scrolled
 * down, the rows they are reading should not jump, so the scroll moves with them.
 */
function useKeepRowsInPlaceOnPrepend(items: readonly DeliverySummary[], scrollRef: { current: HTMLDivElement | null }) {
  const previousFirstId = useRef<number | undefined>(undefined);
  useLayoutEffect(() => {
    const previous = previousFirstId.current;
    previousFirstId.current = items[0]?.id;
    const element = scrollRef.current;
    if (previous === undefined || !element || element.scrollTop === 0 || items[0]?.id === previous) return;
    const added = items.findIndex((item) => item.id === previous);
    if (added > 0) element.scrollTop += added * rowHeight;
  }, [items, scrollRef]);
}

interface ListFooterProps {
  top: number;
  loadingMore: boolean;
  pageError: unknown;
  onRetry: () => void;
}

function ListFooter({ top, loadingMore, pageError, onRetry }: ListFooterProps) {
  return (
    <div className="delivery-list-footer" style={{ transform: `translateY(${top}px)`, height: rowHeight }}>
      {pageError && !loadingMore ? (
        <>
          <span className="error-text">Could not load older deliveries: {describeError(pageError)}</span>
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </>
      ) : (
        <span className="muted">Loading older deliveries…</span>
      )}
    </div>
  );
}
