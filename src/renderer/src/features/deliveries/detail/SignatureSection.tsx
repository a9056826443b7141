import type { SignatureCheck } from '../../../../../shared/verdicts';
import { SignatureBadge } from '../../../components/Badges';
import { DetailSection } from './DetailSection';

type DigestComparison = 'identical' | 'hex_case' | 'different';

const comparisonWords: Record<DigestComparison, { text: string; className: string }> = {
  identical: { text: 'identical', className: 'ok-text' },
  // Hex is case-blind, so the check holds; the info finding keeps the deviation from the spec in view.
  hex_case: { text: 'same digest; hex case differs (the service sends lowercase)', className: 'info-text' },
  different: { text: 'they differ', className: 'error-text' },
};

function compareDigests({ received, expected, expectedIsPrefix }: SignatureCheck): DigestComparison | null {
  if (received === null || expected === null) return null;
  // Cut to a prefix only when it does not match the header.
  if (expectedIsPrefix) return 'different';
  if (received === expected) return 'identical';
  return received.toLowerCase() === expected.toLowerCase() ? 'hex_case' : 'different';
}

export function SignatureSection({ check, onOpenSettings }: { check: SignatureCheck; onOpenSettings: () => void }) {
  const comparison = compareDigests(check);
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
            {check.expected === null ? (
              <span className="muted">
                needs the signing secret ·{' '}
                <button type="button" className="link-button" onClick={onOpenSettings}>
                  set it in Settings
                </button>
              </span>
            ) : check.expectedIsPrefix ? (
              <>
                {check.expected}…{' '}
                <span className="muted" data-testid="signature-expected-prefix">
                  (its first {check.expected.length} hex digits: on a team server the whole digest of a body anyone may have sent is shown to admins only)
                </span>
              </>
            ) : (
              check.expected
            )}
          </dd>
          {comparison !== null && (
            <>
              <dt />
              <dd className={comparisonWords[comparison].className} data-testid="signature-comparison" data-comparison={comparison}>
                {comparisonWords[comparison].text}
              </dd>
            </>
          )}
        </dl>
      </div>
    </DetailSection>
  );
}
