import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { DeliveryFilter } from '../../../../shared/delivery';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import type { Navigate } from '../../hooks/useHashRoute';
import { formatCount } from '../../lib/format';
import { isFilterEmpty, normalizeFilter } from '../../lib/route';
import { DeliveryDetailPane } from './detail/DeliveryDetailPane';
import { DeliveryFilters } from './DeliveryFilters';
import { DeliveryList } from './DeliveryList';
import { rowHeight } from './DeliveryRow';
import { EmptyDeliveries } from './EmptyDeliveries';
import { SelectionBar } from './SelectionBar';
import { useDeliveries } from './useDeliveries';
import { useDeliveryDetail } from './useDeliveryDetail';
import { useFacets } from './useFacets';
import { useMarkedDeliveries } from './useMarkedDeliveries';

interface DeliveriesViewProps {
  filter: DeliveryFilter;
  selectedId: number | null;
  navigate: Navigate;
  status: CoreStatus | null;
}

export function DeliveriesView({ filter, selectedId, navigate, status }: DeliveriesViewProps) {
  const deliveries = useDeliveries(filter);
  const facets = useFacets();
  const detail = useDeliveryDetail(selectedId);
  const marked = useMarkedDeliveries(deliveries.items);
  const listRef = useRef<HTMLDivElement | null>(null);
  const textFilterRef = useRef<HTMLInputElement | null>(null);
  const detailRef = useRef<HTMLElement | null>(null);

  const select = useCallback((id: number | null) => navigate({ view: 'deliveries', filter, deliveryId: id }), [navigate, filter]);
  const changeFilter = (next: DeliveryFilter) => navigate({ view: 'deliveries', filter: normalizeFilter(next), deliveryId: selectedId });

  /** Up/down, page up/down, home/end move the selection; Enter goes to the detail; Escape closes it. */
  const handleListKey = (key: string): boolean => {
    const { items } = deliveries;
    const index = selectedId === null ? -1 : items.findIndex((item) => item.id === selectedId);
    const page = Math.max(1, Math.floor((listRef.current?.clientHeight ?? 0) / rowHeight) - 1);
    let next: number;
    switch (key) {
      case 'ArrowDown':
        next = index + 1;
        break;
      case 'ArrowUp':
        next = index < 0 ? 0 : index - 1;
        break;
      case 'PageDown':
        next = index + page;
        break;
      case 'PageUp':
        next = index - page;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = items.length - 1;
        break;
      case 'Enter':
        if (selectedId === null) return false;
        detailRef.current?.focus();
        return true;
      case 'Escape':
        if (selectedId === null) return false;
        select(null);
        return true;
      default:
        return false;
    }
    const target = items[Math.min(Math.max(next, 0), items.length - 1)];
    if (target) select(target.id);
    return true;
  };

  const onDocumentKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
    if (event.key === '/') {
      event.preventDefault();
      textFilterRef.current?.focus();
      textFilterRef.current?.select();
      return;
    }
    // Nothing focused yet: arrow keys still drive the list.
    const nothingFocused = document.activeElement === null || document.activeElement === document.body;
    if (nothingFocused && (event.key === 'ArrowDown' || event.key === 'ArrowUp') && handleListKey(event.key)) {
      event.preventDefault();
      listRef.current?.focus();
    }
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onDocumentKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);

  const filtered = !isFilterEmpty(filter);
  return (
    <div className={`deliveries-view${selectedId === null ? '' : ' with-detail'}`}>
      <div className="list-pane">
        <div className="list-toolbar">
          <DeliveryFilters
            filter={filter}
            events={facets.events}
            paths={facets.paths}
            onChange={changeFilter}
            textInputRef={textFilterRef}
            onLeaveText={() => listRef.current?.focus()}
          />
          <span className="delivery-count" data-testid="delivery-count" data-total={deliveries.total} aria-live="polite">
            {deliveries.phase === 'loading' && deliveries.items.length === 0
              ? 'loading…'
              : `${formatCount(deliveries.total)} ${filtered ? 'matching' : deliveries.total === 1 ? 'delivery' : 'deliveries'}`}
          </span>
        </div>
        <SelectionBar marked={marked} />
        {deliveries.phase === 'error' ? (
          <div className="list-message">
            <CallErrorMessage error={deliveries.error} />
            <button type="button" onClick={deliveries.reload}>
              Retry
            </button>
          </div>
        ) : deliveries.phase === 'ready' && deliveries.items.length === 0 ? (
          filtered ? (
            <div className="list-message" data-testid="deliveries-no-match">
              <p>No delivery matches these filters.</p>
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
            onKeyDown={(event) => {
              if (handleListKey(event.key)) event.preventDefault();
            }}
          />
        )}
      </div>
      {selectedId !== null && (
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
      )}
    </div>
  );
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}
