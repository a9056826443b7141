import { Fragment } from 'react';
import { listedCopiesLimit, type DeliveryDetail } from '../../../../../shared/delivery';
import { ResponseStatus, SignatureBadge } from '../../../components/Badges';
import { formatCount, formatFullTime, formatReceivedTime } from '../../../lib/format';
import { identicalBytesWords } from '../../duplicates/basis-words';
import { UnlistedCopies } from '../../duplicates/UnlistedCopies';
import { DetailSection } from './DetailSection';

interface SiblingsSectionProps {
  detail: DeliveryDetail;
  onOpen: (id: number) => void;
}

/**
 * The idempotency key and the deliveries that share it (retries of one event, grouped, never dropped): the
 * group's first copies, then this one when it came after them, and how many more there are.
 */
export function SiblingsSection({ detail, onOpen }: SiblingsSectionProps) {
  const { idempotencyKey, siblings, duplicateCount } = detail;
  // Listed after the first copies, with the ones between them left out.
  const afterGap = siblings.length > listedCopiesLimit ? siblings.at(-1)!.id : null;
  return (
    <DetailSection
      title="Idempotency"
      aside={duplicateCount > 1 ? <span className="badge duplicate" data-testid="detail-copies-total">×{formatCount(duplicateCount)}</span> : undefined}
    >
      <dl className="facts">
        <dt>Key</dt>
        <dd className="mono" data-testid="detail-idempotency-key">
          {idempotencyKey ?? <span className="muted">none: this body yields no idempotency key</span>}
        </dd>
        {detail.form === 'crypto_form_a' && idempotencyKey && (
          <>
            <dt>Rule</dt>
            <dd className="muted">The inspector&apos;s own (the spec gives none for form A): event, external_send_id, status, occurred_at, tx_hash.</dd>
          </>
        )}
        {idempotencyKey === null && duplicateCount > 1 && (
          <>
            <dt>Copies</dt>
            <dd data-testid="detail-identical-copies">{identicalBytesWords.label}</dd>
          </>
        )}
        {detail.duplicateOf !== null && (
          <>
            <dt>Duplicate of</dt>
            <dd>
              <a href={`#/deliveries/${detail.duplicateOf}`} onClick={(event) => { event.preventDefault(); onOpen(detail.duplicateOf!); }}>
                #{detail.duplicateOf}
              </a>
            </dd>
          </>
        )}
      </dl>
      <div data-testid="detail-siblings" data-count={siblings.length}>
      {siblings.length > 0 && (
        <table className="siblings-table">
          <thead>
            <tr>
              <th>#</th>
              <th>Received</th>
              <th>X-Service-Delivery</th>
              <th>Signature</th>
              <th>Resp</th>
              <th>Body</th>
            </tr>
          </thead>
          <tbody>
            {siblings.map((sibling) => {
              const current = sibling.id === detail.id;
              return (
                <Fragment key={sibling.id}>
                {sibling.id === afterGap && (
                  <tr className="muted" data-testid="sibling-gap">
                    <td colSpan={6}>⋯</td>
                  </tr>
                )}
                <tr className={current ? 'current' : undefined} data-testid="sibling" data-id={sibling.id} aria-current={current ? 'true' : undefined}>
                  <td>
                    {current ? (
                      <span title="This delivery">#{sibling.id} (this)</span>
                    ) : (
                      <a href={`#/deliveries/${sibling.id}`} onClick={(event) => { event.preventDefault(); onOpen(sibling.id); }}>
                        #{sibling.id}
                      </a>
                    )}
                  </td>
                  <td className="mono" title={formatFullTime(sibling.receivedAt)}>{formatReceivedTime(sibling.receivedAt)}</td>
                  <td className="mono ellipsis" title={sibling.deliveryId ?? undefined}>{sibling.deliveryId ?? '—'}</td>
                  <td><SignatureBadge verdict={sibling.signature} /></td>
                  <td><ResponseStatus status={sibling.responseStatus} /></td>
                  <td className="mono" title={`sha256 ${sibling.bodySha256}`}>
                    {sibling.bodySha256 === detail.bodySha256 ? 'same bytes' : <span className="warn-text">different bytes</span>}
                  </td>
                </tr>
                </Fragment>
              );
            })}
          </tbody>
        </table>
      )}
      <UnlistedCopies
        total={duplicateCount}
        listed={siblings.length}
        whereAll={idempotencyKey === null ? undefined : "the duplicate group's Replay and export act on all of them."}
      />
      </div>
    </DetailSection>
  );
}
