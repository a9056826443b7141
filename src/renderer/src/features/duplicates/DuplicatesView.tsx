import { useCallback, useRef } from 'react';
import { ListDetailLayout } from '../../components/list-detail/ListDetailLayout';
import { ListLoadError } from '../../components/list-detail/ListLoadError';
import { VirtualList } from '../../components/virtual-list/VirtualList';
import { useListKeyboard } from '../../hooks/useListKeyboard';
import { useNavigate } from '../../hooks/useNavigate';
import { formatCount } from '../../lib/format';
import { useDeliveryDetail } from '../deliveries/useDeliveryDetail';
import { DuplicateGroupDetail } from './DuplicateGroupDetail';
import { DuplicateGroupRow, DuplicateListHeader, duplicateHeaderHeight, duplicateRowDomId, duplicateRowHeight } from './DuplicateGroupRow';
import { EvidencePanel } from './EvidencePanel';
import { useDuplicateGroups, type DuplicateGroupItem } from './useDuplicateGroups';

const groupKey = (group: DuplicateGroupItem) => group.firstId;

/** Every idempotency key (or, for deliveries without one, every body) seen more than once, newest copy first, with what X-Service-Delivery did across the copies. */
export function DuplicatesView({ selectedFirstId }: { selectedFirstId: number | null }) {
  const navigate = useNavigate();
  const groups = useDuplicateGroups();
  const detail = useDeliveryDetail(selectedFirstId);
  const listRef = useRef<HTMLDivElement | null>(null);
  const detailRef = useRef<HTMLElement | null>(null);

  const select = useCallback((firstId: number | null) => navigate({ view: 'duplicates', firstId }), [navigate]);
  const onKeyDown = useListKeyboard({
    keys: groups.items.map(groupKey),
    selectedKey: selectedFirstId,
    select,
    listRef,
    detailRef,
    rowHeight: duplicateRowHeight,
  });
  const total = groups.extra?.total ?? 0;

  const detailPane =
    selectedFirstId === null ? null : (
      <DuplicateGroupDetail
        state={detail}
        paneRef={detailRef}
        onClose={() => {
          select(null);
          listRef.current?.focus();
        }}
      />
    );
  return (
    <ListDetailLayout testId="duplicates-view" detail={detailPane}>
      <EvidencePanel evidence={groups.extra?.evidence ?? null} />
      <div className="list-toolbar">
        <h2 className="list-title">Duplicate groups</h2>
        <span className="muted list-hint">idempotency keys (or, without one, identical bodies) seen more than once, newest copy first</span>
        <span className="delivery-count" data-testid="duplicate-count" data-total={total} aria-live="polite">
          {groups.phase === 'loading' && groups.items.length === 0 ? 'loading…' : `${formatCount(total)} ${total === 1 ? 'group' : 'groups'}`}
        </span>
      </div>
      {groups.phase === 'error' ? (
        <ListLoadError error={groups.error} onRetry={groups.reload} />
      ) : groups.phase === 'ready' && groups.items.length === 0 ? (
        <div className="list-message" data-testid="duplicates-empty">
          <p>No duplicates yet: every idempotency key has been delivered once.</p>
          <p className="muted">
            Delivery is at least once (spec 6), so retries will show up here. The simulator sends some on purpose: raise its duplicate rate
            in the Simulator view.
          </p>
        </div>
      ) : (
        <VirtualList
          items={groups.items}
          itemKey={groupKey}
          rowHeight={duplicateRowHeight}
          header={<DuplicateListHeader />}
          headerHeight={duplicateHeaderHeight}
          rowDomId={duplicateRowDomId}
          renderRow={(group, { top, selected }) => (
            <DuplicateGroupRow key={group.firstId} group={group} top={top} selected={selected} onSelect={select} />
          )}
          selectedKey={selectedFirstId}
          hasMore={groups.hasMore}
          loadingMore={groups.loadingMore}
          pageError={groups.pageError}
          onLoadMore={groups.loadMore}
          onKeyDown={onKeyDown}
          listRef={listRef}
          label="Duplicate groups, newest copy first"
          testId="duplicate-list"
          olderWhat="older duplicate groups"
        />
      )}
    </ListDetailLayout>
  );
}
