import { memo } from 'react';
import type { SignatureVerdict } from '../../../../shared/verdicts';
import { ResponseStatus, SignatureBadge } from '../../components/Badges';
import { formatCount, formatDuration } from '../../lib/format';
import { identicalBytesWords } from './basis-words';
import { GroupDeliveryIdUseBadge } from './DeliveryIdUseBadge';
import { FirstCopiesNote, firstCopiesWords } from './FirstCopiesNote';
import type { DuplicateGroupItem } from './useDuplicateGroups';
import { ListRow } from '../../components/virtual-list/ListRow';
import { TimeCell } from '../../components/TimeCell';

export const duplicateRowHeight = 26;
export const duplicateHeaderHeight = 24;

export function duplicateRowDomId(firstId: number): string {
  return `duplicate-row-${firstId}`;
}

interface DuplicateGroupRowProps {
  group: DuplicateGroupItem;
  top: number;
  selected: boolean;
  onSelect: (firstId: number) => void;
}

export const DuplicateGroupRow = memo(function DuplicateGroupRow({ group, top, selected, onSelect }: DuplicateGroupRowProps) {
  const keyless = group.basis === 'identical_bytes';
  // The verdicts, statuses and X-Service-Delivery values come from the group's first copies: all of them in a small group.
  const allListed = group.listedCopies === group.count;
  return (
    <ListRow
      domId={duplicateRowDomId(group.firstId)}
      className="delivery-row dup-columns"
      selected={selected}
      top={top}
      height={duplicateRowHeight}
      testId="duplicate-group-row"
      data={{ 'data-key': group.idempotencyKey, 'data-basis': group.basis, 'data-count': group.count, 'data-first-id': group.firstId }}
      onSelect={() => onSelect(group.firstId)}
    >
      <TimeCell time={group.firstReceivedAt} titlePrefix="first " />
      <TimeCell time={group.lastReceivedAt} titlePrefix="last " className="dup-last" />
      <span className="cell mono num dup-spread">{formatDuration(group.spreadMs)}</span>
      <span className="cell">
        <span className="badge duplicate" title={`${group.count} deliveries share ${keyless ? 'these exact body bytes' : 'this idempotency key'}`}>
          ×{formatCount(group.count)}
        </span>
      </span>
      <span className="cell" title={group.event ?? undefined}>
        {keyless && (
          <span className="badge no-key" data-testid="identical-bytes-badge" title={`${identicalBytesWords.label}\nsha256 ${group.bodySha256}`}>
            {identicalBytesWords.badge}
          </span>
        )}{' '}
        {group.event ?? <span className="muted">—</span>}
      </span>
      <span className="cell dup-bodies">
        {group.identicalBodies ? (
          <span className="badge same-id" title="Every copy has the same body bytes">identical</span>
        ) : (
          <span className="badge changed-id" title="The copies' body bytes differ">differ</span>
        )}
      </span>
      <span className="cell">
        <GroupDeliveryIdUseBadge facts={group.facts} listedIds={group.deliveryIds} allListed={allListed} />
      </span>
      <span className="cell" data-testid="duplicate-signatures" title={allListed ? undefined : firstCopiesWords(group.listedCopies, group.count)}>
        <SignatureSummary signatures={group.signatures} /><FirstCopiesNote listed={group.listedCopies} total={group.count} />
      </span>
      <span className="cell dup-resp" data-testid="duplicate-responses" title={responsesTitle(group)}>
        <ResponseSummary statuses={group.responseStatuses} /><FirstCopiesNote listed={group.listedCopies} total={group.count} />
      </span>
    </ListRow>
  );
});

/** The statuses answered, in arrival order; past the listed copies, which copies they are and how many are not listed. */
function responsesTitle(group: DuplicateGroupItem): string {
  const statuses = group.responseStatuses.join(', ');
  if (group.listedCopies === group.count) return `Answered, in arrival order: ${statuses}`;
  return `Answered to the first ${formatCount(group.listedCopies)} copies, in arrival order: ${statuses}\n${firstCopiesWords(group.listedCopies, group.count)}`;
}

/** Each verdict once, with how many copies had it when they differ. */
function SignatureSummary({ signatures }: { signatures: readonly SignatureVerdict[] }) {
  const counts = new Map<SignatureVerdict, number>();
  for (const verdict of signatures) counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  return (
    <span className="badge-group">
      {[...counts].map(([verdict, count]) => (
        <span key={verdict} className="badge-with-count">
          <SignatureBadge verdict={verdict} />
          {counts.size > 1 && <span className="muted"> {count}</span>}
        </span>
      ))}
    </span>
  );
}

/** The statuses answered, in arrival order, repeats folded: "500 → 200". */
function ResponseSummary({ statuses }: { statuses: readonly number[] }) {
  const folded = statuses.filter((status, index) => index === 0 || statuses[index - 1] !== status);
  return (
    <span className="badge-group">
      {folded.map((status, index) => (
        <span key={index}>
          {index > 0 && <span className="muted">→</span>}
          <ResponseStatus status={status} />
        </span>
      ))}
    </span>
  );
}

export function DuplicateListHeader() {
  return (
    <div className="delivery-list-header dup-columns" role="presentation" style={{ height: duplicateHeaderHeight }}>
      <span className="cell">First</span>
      <span className="cell dup-last">Last</span>
      <span className="cell dup-spread" title="Time between the first and the last copy">
        Spread
      </span>
      <span className="cell">Copies</span>
      <span className="cell">Event</span>
      <span className="cell dup-bodies">Bodies</span>
      <span className="cell" title="The X-Service-Delivery UUIDs of the copies">
        X-Service-Delivery
      </span>
      <span className="cell">Signatures</span>
      <span className="cell dup-resp" title="Statuses the receiver answered">
        Responses
      </span>
    </div>
  );
}
