import { CallErrorMessage } from '../../components/CallErrorMessage';
import { PeerText } from '../../components/PeerText';
import { DetailSection } from '../deliveries/detail/DetailSection';
import { ComparePicker } from './ComparePicker';
import { BodyComparison, ChecksComparison, HeadersComparison, SideCard } from './CompareSections';
import { useComparison } from './useComparison';

/**
 * Two stored deliveries side by side (`#/compare/LEFT/RIGHT`): what differs in sentences, then their headers as
 * received, their bodies (JSON paths, a line diff, the first differing byte), signature verdicts and findings. The same
 * comparison as `webhook-inspector diff` and the MCP tool compare_deliveries.
 */
export function CompareView({ left, right }: { left: number | null; right: number | null }) {
  const state = useComparison(left, right);
  return (
    <div className="compare-view" data-testid="compare-view" data-left={left ?? ''} data-right={right ?? ''}>
      <header className="compare-view-header">
        <h2>Compare two deliveries</h2>
        <ComparePicker key={`${left}-${right}`} left={left} right={right} />
      </header>
      {state.phase === 'none' && <p className="muted compare-intro">Give two delivery numbers, or pick two in the Deliveries list (tick their boxes), a duplicate group&apos;s copies or a lifecycle&apos;s events.</p>}
      {state.phase === 'loading' && <p className="muted compare-intro">Comparing…</p>}
      {state.phase === 'error' && <CallErrorMessage error={state.error} testId="compare-error" />}
      {state.phase === 'ready' && (
        <div className="compare-content" data-testid="compare-result" data-equal={state.value.equal}>
          <div className="compare-sides">
            <SideCard side={state.value.left} label="Left" />
            <SideCard side={state.value.right} label="Right" />
          </div>
          <DetailSection title="What differs" testId="compare-summary">
            <ul className="compare-summary">
              {state.value.summary.map((sentence, index) => (
                <li key={index} data-testid="compare-summary-line">
                  <PeerText text={sentence} />
                </li>
              ))}
            </ul>
          </DetailSection>
          {state.value.request.length > 0 && (
            <DetailSection title="Request" testId="compare-request">
              <dl className="facts">
                {state.value.request.map((field) => (
                  <div key={field.field}>
                    <dt>{field.field}</dt>
                    <dd className="mono">
                      <PeerText text={field.left} /> → <PeerText text={field.right} />
                    </dd>
                  </div>
                ))}
              </dl>
            </DetailSection>
          )}
          <HeadersComparison headers={state.value.headers} />
          <BodyComparison comparison={state.value} />
          <ChecksComparison comparison={state.value} />
        </div>
      )}
    </div>
  );
}
