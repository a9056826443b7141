import { useCallback, useRef } from 'react';
import { ListDetailLayout } from '../../components/list-detail/ListDetailLayout';
import { ListLoadError } from '../../components/list-detail/ListLoadError';
import { VirtualList } from '../../components/virtual-list/VirtualList';
import { useListKeyboard } from '../../hooks/useListKeyboard';
import { useNavigate } from '../../hooks/useNavigate';
import { formatCount } from '../../lib/format';
import { lifecycleFilterKey, type LifecycleFilter } from '../../lib/route';
import { LifecycleFilters } from './LifecycleFilters';
import { LifecycleListHeader, LifecycleRow, lifecycleHeaderHeight, lifecycleRowDomId, lifecycleRowHeight } from './LifecycleRow';
import { LifecycleDetail } from './timeline/LifecycleDetail';
import { useLifecycle } from './useLifecycle';
import { useLifecycleFilterOptions } from './useLifecycleFilterOptions';
import { useLifecycles, type LifecycleItem } from './useLifecycles';

const lifecycleKey = (lifecycle: LifecycleItem) => lifecycle.key;

interface LifecyclesViewProps {
  filter: LifecycleFilter;
  selectedKey: string | null;
}

/** Sends and gift-card streams rebuilt in event time, with their current status; one opened as a timeline. */
export function LifecyclesView({ filter, selectedKey }: LifecyclesViewProps) {
  const navigate = useNavigate();
  const lifecycles = useLifecycles(filter);
  const options = useLifecycleFilterOptions(filter.orderUuid);
  const detail = useLifecycle(selectedKey);
  const listRef = useRef<HTMLDivElement | null>(null);
  const detailRef = useRef<HTMLElement | null>(null);
  const filterRef = useRef<HTMLSelectElement | null>(null);

  const select = useCallback((key: string | null) => navigate({ view: 'lifecycles', filter, key }), [navigate, filter]);
  const changeFilter = (next: LifecycleFilter) => navigate({ view: 'lifecycles', filter: JSON.parse(lifecycleFilterKey(next)) as LifecycleFilter, key: selectedKey });
  const onKeyDown = useListKeyboard({
    keys: lifecycles.items.map(lifecycleKey),
    selectedKey,
    select,
    listRef,
    detailRef,
    filterRef,
    rowHeight: lifecycleRowHeight,
  });

  const filtered = lifecycleFilterKey(filter) !== '{}';
  const loaded = lifecycles.items.length;
  const detailPane =
    selectedKey === null ? null : (
      <LifecycleDetail
        state={detail}
        paneRef={detailRef}
        onClose={() => {
          select(null);
          listRef.current?.focus();
        }}
      />
    );
  return (
    <ListDetailLayout testId="lifecycles-view" detail={detailPane}>
      <div className="list-toolbar">
        <LifecycleFilters filter={filter} options={options} onChange={changeFilter} firstRef={filterRef} />
        <span className="delivery-count" data-testid="lifecycle-count" data-loaded={loaded} aria-live="polite">
          {lifecycles.phase === 'loading' && loaded === 0
            ? 'loading…'
            : `${formatCount(loaded)}${lifecycles.hasMore ? '+' : ''} ${filtered ? 'matching' : loaded === 1 ? 'lifecycle' : 'lifecycles'}`}
        </span>
      </div>
      {lifecycles.phase === 'error' ? (
        <ListLoadError error={lifecycles.error} onRetry={lifecycles.reload} />
      ) : lifecycles.phase === 'ready' && loaded === 0 ? (
        filtered ? (
          <div className="list-message" data-testid="lifecycles-no-match">
            <p>No send or stream matches these filters.</p>
            <button type="button" onClick={() => changeFilter({})}>
              Clear filters
            </button>
          </div>
        ) : (
          <div className="list-message" data-testid="lifecycles-empty">
            <p>No lifecycles yet.</p>
            <p className="muted">
              Each crypto send (per external_send_id or form B data.id) and each gift-card stream is rebuilt here from its deliveries, in event
              time, as soon as its first delivery arrives.
            </p>
          </div>
        )
      ) : (
        <VirtualList
          items={lifecycles.items}
          itemKey={lifecycleKey}
          rowHeight={lifecycleRowHeight}
          header={<LifecycleListHeader />}
          headerHeight={lifecycleHeaderHeight}
          rowDomId={lifecycleRowDomId}
          renderRow={(lifecycle, { top, selected }) => (
            <LifecycleRow key={lifecycle.key} lifecycle={lifecycle} top={top} selected={selected} onSelect={select} />
          )}
          selectedKey={selectedKey}
          hasMore={lifecycles.hasMore}
          loadingMore={lifecycles.loadingMore}
          pageError={lifecycles.pageError}
          onLoadMore={lifecycles.loadMore}
          onKeyDown={onKeyDown}
          listRef={listRef}
          label="Lifecycles, latest delivery first"
          testId="lifecycle-list"
          olderWhat="more lifecycles"
        />
      )}
    </ListDetailLayout>
  );
}
