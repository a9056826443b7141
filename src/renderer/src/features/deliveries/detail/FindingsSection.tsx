import { useState } from 'react';
import type { Finding } from '../../../../../shared/verdicts';
import { SeverityBadge } from '../../../components/Badges';
import { DetailSection } from './DetailSection';

const severityOrder = { error: 0, warning: 1, info: 2 } as const;
/** Past this many, the rest wait behind a button so the body stays near the top. */
const shownFirst = 8;

export function FindingsSection({ findings }: { findings: readonly Finding[] }) {
  const [showAll, setShowAll] = useState(false);
  const sorted = [...findings].sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity]);
  const shown = showAll ? sorted : sorted.slice(0, shownFirst);
  return (
    <DetailSection title="Findings" aside={<span className="muted">{findings.length}</span>}>
      <div data-testid="detail-findings">
        {sorted.length === 0 ? (
          <p className="muted">No findings: nothing in this delivery breaks a rule of the spec.</p>
        ) : (
          <table className="findings-table">
            <thead>
              <tr>
                <th>Severity</th>
                <th>Code</th>
                <th>Path</th>
                <th>Message</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((finding, index) => (
                <tr key={index} data-testid="finding" data-code={finding.code} data-severity={finding.severity}>
                  <td>
                    <SeverityBadge severity={finding.severity} />
                  </td>
                  <td className="mono">{finding.code}</td>
                  <td className="mono">{finding.path}</td>
                  <td>{finding.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {shown.length < sorted.length && (
          <button type="button" className="link-button show-more" onClick={() => setShowAll(true)}>
            Show all {sorted.length} findings
          </button>
        )}
      </div>
    </DetailSection>
  );
}
