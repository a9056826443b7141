import type { Ref } from 'react';
import type { DeliveryDetail, DuplicateGroupFacts } from '../../../../shared/delivery';
import { ResponseStatus, SignatureBadge } from '../../components/Badges';
import { DetailHeader } from '../../components/list-detail/DetailHeader';
import { DetailPane } from '../../components/list-detail/DetailPane';
import { RelationLinks } from '../../components/RelationLinks';
import { RouteLink } from '../../components/RouteLink';
import { formatCount, formatDuration, formatFullTime, formatReceivedTime } from '../../lib/format';
import { routes } from '../../lib/links';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { GroupActionsSection } from '../transfer/GroupActionsSection';
import type { DetailState } from '../deliveries/useDeliveryDetail';
import { identicalBytesWords } from './basis-words';
import { GroupDeliveryIdUseBadge } from './DeliveryIdUseBadge';
import { deliveryIdUseOfGroup, describeGroupDeliveryIds } from './group-delivery-ids';
import { UnlistedCopies } from './UnlistedCopies';

interface DuplicateGroupDetailProps {
  state: DetailState;
  onClose: () => void;
  paneRef: Ref<HTMLElement>;
}

/**
 * One duplicate group, read from its first delivery: the key (or the identical bytes), the group's facts, its first
 * copies and where the event belongs.
 */
export function DuplicateGroupDetail({ state, onClose, paneRef }: DuplicateGroupDetailProps) {
  return (
    <DetailPane state={state} testId="duplicate-detail" label="Duplicate group" onClose={onClose} paneRef={paneRef}>
      {state.phase === 'ready' && <GroupContent detail={state.detail} onClose={onClose} />}
    </DetailPane>
  );
}

function GroupContent({ detail, onClose }: { detail: DeliveryDetail; onClose: () => void }) {
  // The facts are the whole group's; the copies listed, its first ones.
  const group = detail.group ?? soleCopy(detail);
  const copies: DeliveryDetail['siblings'] = detail.siblings.length > 0 ? detail.siblings : [detail];
  const total = detail.duplicateCount;
  const first = copies[0]!;
  const firstMs = Date.parse(group.firstReceivedAt);
  const spread = Math.abs(Date.parse(group.lastReceivedAt) - firstMs);
  return (
    <>
      <DetailHeader onClose={onClose}>
        <h2>
          <span className="muted">Duplicate group</span> {detail.event ?? <span className="muted">no event</span>}{' '}
          <span className="badge duplicate" data-testid="duplicate-detail-total">×{formatCount(total)}</span>
        </h2>
        {detail.subject && <div className="detail-subject">{detail.subject}</div>}
        <RelationLinks lifecycleKey={detail.lifecycleKey} orderUuid={detail.orderUuid} recipientKey={detail.recipientKey} />
      </DetailHeader>
      <DetailSection title="Group">
        <dl className="facts">
          <dt>Idempotency key</dt>
          <dd className="mono" data-testid="duplicate-detail-key">
            {detail.idempotencyKey ?? <span className="muted">none</span>}
          </dd>
          {detail.idempotencyKey === null && (
            <>
              <dt>Grouped by</dt>
              <dd data-testid="duplicate-detail-basis">
                {identicalBytesWords.label} <span className="mono muted">sha256 {detail.bodySha256}</span>
              </dd>
            </>
          )}
          <dt>First arrival</dt>
          <dd className="mono">{formatFullTime(group.firstReceivedAt)}</dd>
          <dt>Last arrival</dt>
          <dd className="mono">{formatFullTime(group.lastReceivedAt)}</dd>
          <dt>Spread</dt>
          <dd>{formatDuration(spread)}</dd>
          <dt>Bodies</dt>
          <dd data-testid="duplicate-detail-bodies">{group.identicalBodies ? 'byte-identical' : <span className="warn-text">the copies&apos; bytes differ</span>}</dd>
          <dt>X-Service-Delivery</dt>
          <dd>
            <GroupDeliveryIdUseBadge facts={group} listedIds={copies.map((copy) => copy.deliveryId)} allListed={total === copies.length} />
            {total !== copies.length && <span className="muted"> {describeGroupDeliveryIds(group, deliveryIdUseOfGroup(group))}</span>}
          </dd>
        </dl>
      </DetailSection>
      <DetailSection title="Copies" aside={<span className="muted">{total > copies.length ? `the first ${formatCount(copies.length)}, ` : ''}in arrival order</span>}>
        <table className="siblings-table" data-testid="duplicate-copies">
          <thead>
            <tr>
              <th>#</th>
              <th>Received</th>
              <th>After first</th>
              <th>X-Service-Delivery</th>
              <th>Signature</th>
              <th>Resp</th>
              <th>Body</th>
              <th aria-label="Compare" />
            </tr>
          </thead>
          <tbody>
            {copies.map((copy, index) => (
              <tr key={copy.id} data-testid="duplicate-copy" data-id={copy.id}>
                <td>
                  <RouteLink to={routes.delivery(copy.id)} testId="link-delivery">
                    #{copy.id}
                  </RouteLink>
                </td>
                <td className="mono" title={formatFullTime(copy.receivedAt)}>
                  {formatReceivedTime(copy.receivedAt)}
                </td>
                <td className="mono">{index === 0 ? '—' : `+${formatDuration(Date.parse(copy.receivedAt) - firstMs)}`}</td>
                <td className="mono ellipsis" title={copy.deliveryId ?? 'none sent'}>
                  {copy.deliveryId ?? <span className="muted">none</span>}
                  {index > 0 && copy.deliveryId !== null && copy.deliveryId === first.deliveryId && <span className="muted"> (same)</span>}
                </td>
                <td>
                  <SignatureBadge verdict={copy.signature} />
                </td>
                <td>
                  <ResponseStatus status={copy.responseStatus} />
                </td>
                <td className="mono" title={`sha256 ${copy.bodySha256}`}>
                  {copy.bodySha256 === first.bodySha256 ? 'same bytes' : <span className="warn-text">different bytes</span>}
                </td>
                <td>
                  {index > 0 && (
                    <RouteLink to={routes.compare(first.id, copy.id)} testId="link-compare-copy" title={`What differs between #${first.id} and #${copy.id}`}>
                      compare
                    </RouteLink>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <UnlistedCopies
          total={total}
          listed={copies.length}
          whereAll={detail.idempotencyKey === null ? undefined : 'Replay and export below act on all of them.'}
        />
      </DetailSection>
      {detail.idempotencyKey !== null && (
        <GroupActionsSection
          selection={{ idempotencyKey: detail.idempotencyKey }}
          what={`the ${formatCount(total)} copies`}
          fileStem={`duplicates-${detail.id}`}
        />
      )}
    </>
  );
}

/** A delivery with no group (an empty body without a key) as a group of one. */
function soleCopy(detail: DeliveryDetail): DuplicateGroupFacts {
  return {
    firstId: detail.id,
    firstReceivedAt: detail.receivedAt,
    lastId: detail.id,
    lastReceivedAt: detail.receivedAt,
    identicalBodies: true,
    firstDeliveryId: detail.deliveryId,
    deliveryIdChanged: false,
    deliveryIdMissing: detail.deliveryId === null,
  };
}
