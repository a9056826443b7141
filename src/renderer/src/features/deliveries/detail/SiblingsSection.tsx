import type { DeliveryDetail } from '../../../../../shared/delivery';
import { ResponseStatus, SignatureBadge } from '../../../components/Badges';
import { formatFullTime, formatReceivedTime } from '../../../lib/format';
import { identicalBytesWords } from '../../duplicates/basis-words';
import { DetailSection } from './DetailSection';

interface SiblingsSectionProps {
  detail: DeliveryDetail;
  onOpen: (id: number) => void;
}

/** The idempotency key and every delivery that shares it: retries of one event, grouped, never dropped. */
export function SiblingsSection({ detail, onOpen }: SiblingsSectionProps) {
  const { idempotencyKey, siblings } = detail;
  return (
    <DetailSection title="Idempotency" aside={siblings.length > 1 ? <span className="badge duplicate">×{siblings.length}</span> : undefined}>
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
        {idempotencyKey === null && siblings.length > 1 && (
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
                <tr key={sibling.id} className={current ? 'current' : undefined} data-testid="sibling" data-id={sibling.id} aria-current={current ? 'true' : undefined}>
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
              );
            })}
          </tbody>
        </table>
      )}
      </div>
    </DetailSection>
  );
}
