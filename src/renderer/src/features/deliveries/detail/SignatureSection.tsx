import type { SignatureCheck } from '../../../../../shared/verdicts';
import { SignatureBadge } from '../../../components/Badges';
import { DetailSection } from './DetailSection';

export function SignatureSection({ check, onOpenSettings }: { check: SignatureCheck; onOpenSettings: () => void }) {
  const compared = check.received !== null && check.expected !== null;
  const matches = compared && check.received === check.expected;
  return (
    <DetailSection title="Signature">
      <div className="signature-check" data-testid="detail-signature" data-verdict={check.verdict}>
        <div className="signature-verdict">
          <SignatureBadge verdict={check.verdict} />
          <span data-testid="signature-reason">{check.reason}</span>
        </div>
        <dl className="facts">
          <dt>Received</dt>
          <dd className="mono digest" data-testid="signature-received">
            {check.received ?? <span className="muted">no X-Service-Signature header</span>}
          </dd>
          <dt>Expected</dt>
          <dd className="mono digest" data-testid="signature-expected">
            {check.expected ?? (
              <span className="muted">
                needs the signing secret ·{' '}
                <button type="button" className="link-button" onClick={onOpenSettings}>
                  set it in Settings
                </button>
              </span>
            )}
          </dd>
          {compared && (
            <>
              <dt />
              <dd className={matches ? 'ok-text' : 'error-text'}>{matches ? 'identical' : 'they differ'}</dd>
            </>
          )}
        </dl>
      </div>
    </DetailSection>
  );
}
