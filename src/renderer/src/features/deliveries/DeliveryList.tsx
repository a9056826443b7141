import { useMemo, type KeyboardEvent, type Ref } from 'react';
import type { DeliverySummary } from '../../../../shared/delivery';
import { VirtualList } from '../../components/virtual-list/VirtualList';
import { deliveryColumnWidths } from './column-widths';
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
  /** How the list is ordered, e.g. `newest received first`. */
  orderLabel: string;
}

const deliveryKey = (delivery: DeliverySummary) => delivery.id;

/** The deliveries, newest first; new ones arrive in their place without moving the rows being read. */
export function DeliveryList(props: DeliveryListProps) {
  const { selectedId, onSelect, markedIds, onMark } = props;
  const columnWidths = useMemo(() => deliveryColumnWidths(props.items), [props.items]);
  return (
    <VirtualList
      style={columnWidths}
      items={props.items}
      itemKey={deliveryKey}
      rowHeight={rowHeight}
      header={<DeliveryListHeader />}
      headerHeight={headerHeight}
      rowDomId={deliveryRowDomId}
      renderRow={(delivery, { top, selected }) => (
        <DeliveryRow key={delivery.id} delivery={delivery} top={top} selected={selected} onSelect={onSelect} marked={markedIds.has(delivery.id)} onMark={onMark} />
      )}
      selectedKey={selectedId}
      hasMore={props.hasMore}
      loadingMore={props.loadingMore}
      pageError={props.pageError}
      onLoadMore={props.onLoadMore}
      onKeyDown={props.onKeyDown}
      listRef={props.listRef}
      label={`Deliveries, ${props.orderLabel}`}
      testId="delivery-list"
      olderWhat="older deliveries"
      overscan={20}
      prefetchRows={60}
      keepRowsInPlaceOnPrepend
    />
  );
}
