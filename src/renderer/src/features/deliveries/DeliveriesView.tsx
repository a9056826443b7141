import { useCallback, useRef } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { DeliveryFilter, DeliveryOrder } from '../../../../shared/delivery';
import { ListDetailLayout } from '../../components/list-detail/ListDetailLayout';
import { ListLoadError } from '../../components/list-detail/ListLoadError';
import type { Navigate } from '../../hooks/useHashRoute';
import { useListKeyboard } from '../../hooks/useListKeyboard';
import { formatCount } from '../../lib/format';
import { filterKey, isFilterEmpty, normalizeFilter, type UuidMention } from '../../lib/route';
import { DeliveryDetailPane } from './detail/DeliveryDetailPane';
import { DeliveryFilters } from './DeliveryFilters';
import { DeliveryList } from './DeliveryList';
import { rowHeight } from './DeliveryRow';
import { EmptyDeliveries } from './EmptyDeliveries';
import { SearchProgress } from './SearchProgress';
import { SelectionBar } from './SelectionBar';
import { useDeliveries } from './useDeliveries';
import { useDeliveryDetail } from './useDeliveryDetail';
import { useFacets } from './useFacets';
import { useMarkedDeliveries } from './useMarkedDeliveries';
import { useSelectFirstRow } from './useSelectFirstRow';
import { isUuidSearch, UuidNoMatch } from './UuidNoMatch';

const orderWords: Record<DeliveryOrder, { label: string; why: string }> = {
  received: {
    label: 'newest received first',
    why: 'By the time each delivery was received; an imported one keeps its original receive time.',
  },
  stored: {
    label: 'newest stored first',
    why: 'A text search walks the deliveries in the order they were stored in this data dir (an import counts as stored when imported).',
  },
};

interface DeliveriesViewProps {
  filter: DeliveryFilter;
  /** What the UUID searched for is, when the link that opened the list said. */
  mention?: UuidMention;
  selectedId: number | null;
  navigate: Navigate;
  status: CoreStatus | null;
}

export function DeliveriesView({ filter, mention, selectedId, navigate, status }: DeliveriesViewProps) {
  const deliveries = useDeliveries(filter);
  const facets = useFacets();
  const detail = useDeliveryDetail(selectedId);
  const marked = useMarkedDeliveries(deliveries.items);
  const listRef = useRef<HTMLDivElement | null>(null);
  const textFilterRef = useRef<HTMLInputElement | null>(null);
  const detailRef = useRef<HTMLElement | null>(null);

  const select = useCallback((id: number | null) => navigate({ view: 'deliveries', filter, deliveryId: id }), [navigate, filter]);
  const changeFilter = (next: DeliveryFilter) => navigate({ view: 'deliveries', filter: normalizeFilter(next), deliveryId: selectedId });
  const selectFirstRow = useSelectFirstRow(deliveries, select);
  const enterList = (next: DeliveryFilter) => {
    if (filterKey(next) !== filterKey(filter)) changeFilter(next);
    listRef.current?.focus();
    selectFirstRow(filterKey(next));
  };

  const onListKeyDown = useListKeyboard({
    keys: deliveries.items.map((item) => item.id),
    selectedKey: selectedId,
    select,
    listRef,
    detailRef,
    filterRef: textFilterRef,
    selectFilterText: true,
    rowHeight,
  });

  const filtered = !isFilterEmpty(filter);
  const detailPane =
    selectedId === null ? null : (
      <DeliveryDetailPane
        state={detail}
        paneRef={detailRef}
        onOpen={select}
        onClose={() => {
          select(null);
          listRef.current?.focus();
        }}
        onOpenSettings={() => navigate({ view: 'settings' }, 'push')}
      />
    );
  return (
    <ListDetailLayout detail={detailPane}>
      <div className="list-toolbar">
        <DeliveryFilters
          filter={filter}
          events={facets.events}
          paths={facets.paths}
          onChange={changeFilter}
          textInputRef={textFilterRef}
          onLeaveText={() => listRef.current?.focus()}
          onEnterList={enterList}
        />
        <div className="list-summary">
          <span className="delivery-count" data-testid="delivery-count" data-total={deliveries.total} aria-live="polite">
            {deliveries.phase === 'loading' && deliveries.items.length === 0
              ? 'loading…'
              : `${formatCount(deliveries.total)}${deliveries.totalCapped ? '+' : ''} ${filtered ? 'matching' : deliveries.total === 1 ? 'delivery' : 'deliveries'}`}
          </span>
          <span className="delivery-order" data-testid="delivery-order" data-order={deliveries.order} title={orderWords[deliveries.order].why}>
            {orderWords[deliveries.order].label}
          </span>
        </div>
      </div>
      <SelectionBar marked={marked} />
      <SearchProgress job={deliveries.search} onCancel={deliveries.cancelSearch} />
      {deliveries.phase === 'error' ? (
        <ListLoadError error={deliveries.error} onRetry={deliveries.reload} />
      ) : deliveries.phase === 'ready' && deliveries.items.length === 0 && deliveries.search?.state !== 'running' ? (
        filtered ? (
          <div className="list-message" data-testid="deliveries-no-match">
            <p>No delivery matches these filters.</p>
            {isUuidSearch(filter, mention) && <UuidNoMatch mention={mention} />}
            <button type="button" onClick={() => changeFilter({})}>
              Clear filters
            </button>
          </div>
        ) : (
          <EmptyDeliveries status={status} />
        )
      ) : (
        <DeliveryList
          items={deliveries.items}
          hasMore={deliveries.hasMore}
          loadingMore={deliveries.loadingMore}
          pageError={deliveries.pageError}
          onLoadMore={deliveries.loadMore}
          selectedId={selectedId}
          onSelect={select}
          markedIds={marked.ids}
          onMark={marked.toggle}
          listRef={listRef}
          onKeyDown={onListKeyDown}
          orderLabel={orderWords[deliveries.order].label}
        />
      )}
    </ListDetailLayout>
  );
}
