import type { DeliveryIdEvidence } from '../../../../shared/lifecycle';
import { formatCount } from '../../lib/format';
import { evidenceVerdictWords } from '../../lib/lifecycle-words';

/**
 * Spec 4.1 describes X-Service-Delivery twice, in contradiction. The duplicate groups
 * captured here are the evidence: did the retries keep the header or change it?
 */
export function EvidencePanel({ evidence }: { evidence: DeliveryIdEvidence | null }) {
  const verdict = evidence?.verdict ?? 'no_evidence';
  const words = evidenceVerdictWords[verdict];
  return (
    <section className={`evidence-panel evidence-${verdict}`} data-testid="evidence-panel" data-verdict={verdict} aria-label="X-Service-Delivery evidence">
      <div className="evidence-head">
        <h2>X-Service-Delivery evidence</h2>
        <span className="evidence-verdict" data-testid="evidence-verdict">
          {words.title}
        </span>
      </div>
      {evidence && (
        <div className="evidence-counts">
          <Count value={evidence.groups} label="duplicate groups" />
          <Count value={evidence.sameId} label="kept the same UUID" className="same-id" />
          <Count value={evidence.changedId} label="changed it" className="changed-id" />
          <Count value={evidence.missingId} label="lacked one on some copy" className="no-id" />
        </div>
      )}
      <p className="evidence-detail">{words.detail}</p>
      <p className="evidence-spec muted">
        Spec 4.1 says both that it “stays fixed across retries and is the deduplication key” and that it “is regenerated on every retry
        and must not be used for deduplication”.
      </p>
    </section>
  );
}

function Count({ value, label, className }: { value: number; label: string; className?: string }) {
  return (
    <span className="evidence-count">
      <span className={className ? `badge ${className}` : 'badge'}>{formatCount(value)}</span> {label}
    </span>
  );
}
