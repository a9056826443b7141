import { useEffect, type CSSProperties, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useKeepRowsInPlaceOnPrepend } from './useKeepRowsInPlaceOnPrepend';
import { useVirtualRows } from './useVirtualRows';
import { VirtualListFooter } from './VirtualListFooter';

export interface VirtualListProps<T, K extends string | number> {
  items: readonly T[];
  /** Must be stable (a module constant). */
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
  /** Rows kept rendered beyond the visible ones. */
  overscan?: number;
  /** Start fetching the next page this many rows before the end is on screen. */
  prefetchRows?: number;
  /** For a live list that grows at the top: scrolled down, the rows being read stay put. */
  keepRowsInPlaceOnPrepend?: boolean;
  /** Custom properties for the header and rows, e.g. column widths that follow the loaded rows. */
  style?: CSSProperties;
}

/** Fixed-height rows, only the visible ones in the DOM: 100,000 rows scroll like 100. */
export function VirtualList<T, K extends string | number>(props: VirtualListProps<T, K>) {
  const { items, itemKey, rowHeight, headerHeight, hasMore, loadingMore, pageError, onLoadMore, selectedKey, prefetchRows = 40 } = props;
  const { scrollRef, virtualizer, virtualRows, selectedIndex } = useVirtualRows({
    items,
    itemKey,
    rowHeight,
    headerHeight,
    overscan: props.overscan ?? 12,
    withFooter: hasMore || pageError !== null,
    selectedKey,
  });
  const lastVisibleIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingMore && !pageError && lastVisibleIndex >= items.length - prefetchRows) onLoadMore();
  }, [hasMore, loadingMore, pageError, lastVisibleIndex, items.length, prefetchRows, onLoadMore]);

  useKeepRowsInPlaceOnPrepend(props.keepRowsInPlaceOnPrepend ?? false, items, itemKey, rowHeight, scrollRef);

  const setRefs = (element: HTMLDivElement | null) => {
    scrollRef.current = element;
    assignRef(props.listRef, element);
  };

  return (
    <div className="delivery-list" style={props.style}>
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
                <VirtualListFooter
                  key="footer"
                  top={top}
                  rowHeight={rowHeight}
                  loadingMore={loadingMore}
                  pageError={pageError}
                  onRetry={onLoadMore}
                  olderWhat={props.olderWhat}
                />
              );
            }
            return props.renderRow(item, { top, selected: row.index === selectedIndex });
          })}
        </div>
      </div>
    </div>
  );
}

function assignRef<E>(ref: Ref<E>, element: E) {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}
