import type { ComparedSide, DeliveryComparison, HeaderChange, JsonChange } from '../../../../shared/compare';
import type { Finding, SignatureCheck } from '../../../../shared/verdicts';
import { ResponseStatus, SeverityBadge, SignatureBadge } from '../../components/Badges';
import { PeerText } from '../../components/PeerText';
import { RouteLink } from '../../components/RouteLink';
import { formatFullTime } from '../../lib/format';
import { routes } from '../../lib/links';
import { DetailSection } from '../deliveries/detail/DetailSection';

/** One delivery's card: what it is, linked to its detail. */
export function SideCard({ side, label }: { side: ComparedSide; label: 'Left' | 'Right' }) {
  return (
    <div className="compare-side" data-testid={`compare-${label.toLowerCase()}`} data-id={side.id}>
      <div className="compare-side-title">
        <span className="muted">{label}</span>{' '}
        <RouteLink to={routes.delivery(side.id)} testId="link-delivery">
          #{side.id}
        </RouteLink>{' '}
        {side.event === null ? <span className="muted">no event</span> : <PeerText text={side.event} />}
      </div>
      <div className="detail-badges">
        <SignatureBadge verdict={side.signatureCheck.verdict} />
        <ResponseStatus status={side.responseStatus} />
        <span className="badge neutral">{side.form}</span>
        <span className="muted mono">{formatFullTime(side.receivedAt)}</span>
      </div>
      <div className="muted mono ellipsis" title="X-Service-Delivery">
        {side.deliveryId === null ? 'no X-Service-Delivery' : <PeerText text={side.deliveryId} />}
      </div>
    </div>
  );
}

const headerMarks: Record<HeaderChange['kind'], string> = { same: ' ', changed: '~', added: '+', removed: '−' };

function HeaderCell({ at }: { at: HeaderChange['left'] }) {
  if (at === null) return <td className="compare-absent muted">—</td>;
  return (
    <td className="mono">
      <span className="compare-header-name">
        <PeerText text={at.name} />
      </span>
      : <PeerText text={at.value} />
    </td>
  );
}

/** Header pairs as received, side by side, in the right one's order. */
export function HeadersComparison({ headers }: { headers: DeliveryComparison['headers'] }) {
  return (
    <DetailSection title="Headers" testId="compare-headers" aside={<span className="muted">{headers.equal ? 'the same, in the same order and case' : 'order and case as received'}</span>}>
      <table className="compare-table">
        <thead>
          <tr>
            <th aria-label="Difference" />
            <th>Left</th>
            <th>Right</th>
            <th aria-label="Notes" />
          </tr>
        </thead>
        <tbody>
          {headers.rows.map((row, index) => (
            <tr key={index} className={`compare-row-${row.kind}`} data-testid="compare-header-row" data-kind={row.kind} data-moved={row.moved} data-case-changed={row.caseChanged}>
              <td className="compare-mark mono">{headerMarks[row.kind]}</td>
              <HeaderCell at={row.left} />
              <HeaderCell at={row.right} />
              <td className="muted">
                {[row.caseChanged && 'case differs', row.moved && `moved (#${row.left!.index + 1} → #${row.right!.index + 1})`].filter(Boolean).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </DetailSection>
  );
}

function bodyWords(body: ComparedSide['body']): string {
  const parts = [`${body.size} bytes`];
  if (body.kind === 'json') parts.push(`JSON ${body.jsonType ?? ''}`.trim());
  else if (body.kind === 'invalid_utf8') parts.push(`not UTF-8 at byte ${body.firstInvalidByte}`);
  else if (body.kind === 'empty') parts.push('empty');
  else parts.push('not JSON');
  if (body.bom) parts.push('byte-order mark');
  if (body.truncated) parts.push('cut at the limit');
  if (body.duplicateKeys.length > 0) parts.push(`${body.duplicateKeys.length} repeated key${body.duplicateKeys.length === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

const jsonMarks: Record<JsonChange['kind'], string> = { changed: '~', added: '+', removed: '−', reordered: '⇅' };

function JsonChangeRow({ change }: { change: JsonChange }) {
  const left = change.kind === 'reordered' ? (change.leftOrder ?? []).join(', ') : change.left;
  const right = change.kind === 'reordered' ? (change.rightOrder ?? []).join(', ') : change.right;
  const notes = [
    change.occurrence > 1 && `written ${change.occurrence} times; this is writing ${change.occurrence}`,
    change.kind === 'reordered' && 'keys in another order',
    change.sameNumber && 'the same number, written differently',
    change.kind === 'changed' && change.leftType !== change.rightType && `${change.leftType} → ${change.rightType}`,
  ].filter(Boolean);
  return (
    <tr className={`compare-row-${change.kind}`} data-testid="compare-json-change" data-kind={change.kind} data-path={change.path}>
      <td className="compare-mark mono">{jsonMarks[change.kind]}</td>
      <td className="mono">
        <PeerText text={change.path} />
      </td>
      <td className="mono">{left === null ? <span className="muted">—</span> : <PeerText text={left} />}</td>
      <td className="mono">{right === null ? <span className="muted">—</span> : <PeerText text={right} />}</td>
      <td className="muted">{notes.join('; ')}</td>
    </tr>
  );
}

/** The bodies: their shapes, then the JSON paths, the line diff or the bytes where they first differ. */
export function BodyComparison({ comparison }: { comparison: DeliveryComparison }) {
  const { body, left, right } = comparison;
  return (
    <DetailSection title="Body" testId="compare-body" aside={<span className="muted" data-testid="compare-body-identical" data-identical={body.identical}>{body.identical ? 'byte-identical' : 'the bytes differ'}</span>}>
      <dl className="facts">
        <dt>Left</dt>
        <dd>{bodyWords(left.body)}</dd>
        <dt>Right</dt>
        <dd>{bodyWords(right.body)}</dd>
      </dl>
      {body.json && (body.json.changes.length > 0 ? (
        <table className="compare-table" data-testid="compare-json">
          <thead>
            <tr>
              <th aria-label="Difference" />
              <th>Path</th>
              <th>Left</th>
              <th>Right</th>
              <th aria-label="Notes" />
            </tr>
          </thead>
          <tbody>
            {body.json.changes.map((change, index) => (
              <JsonChangeRow key={index} change={change} />
            ))}
          </tbody>
        </table>
      ) : (
        <p className="muted">The same JSON, written differently: see the bytes.</p>
      ))}
      {body.json && body.json.omitted > 0 && <p className="muted">… and {body.json.omitted} more differences.</p>}
      {body.text && (
        <div className="compare-text" data-testid="compare-text">
          {body.text.abandoned && <p className="muted">Too many differences to show line by line: see the bytes.</p>}
          {body.text.hunks.map((hunk, index) => (
            <pre key={index} className="compare-hunk mono">
              <span className="muted">{`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`}</span>
              {hunk.lines.map((line, at) => (
                <span key={at} className={`compare-line compare-line-${line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'same'}`}>
                  {'\n'}
                  {line.slice(0, 1)}
                  <PeerText text={line.slice(1)} />
                </span>
              ))}
            </pre>
          ))}
          {body.text.omittedLines > 0 && <p className="muted">… and {body.text.omittedLines} more lines.</p>}
        </div>
      )}
      {body.bytes && (
        <div className="compare-bytes" data-testid="compare-bytes" data-first-difference={body.bytes.firstDifference}>
          <p>
            First difference at byte <span className="mono">{body.bytes.firstDifference}</span> (0x{body.bytes.firstDifference.toString(16)})
          </p>
          <pre className="mono">
            {`− ${body.bytes.left.offset.toString(16).padStart(8, '0')}  ${body.bytes.left.hex || '(end of body)'}\n+ ${body.bytes.right.offset.toString(16).padStart(8, '0')}  ${body.bytes.right.hex || '(end of body)'}`}
          </pre>
        </div>
      )}
    </DetailSection>
  );
}

function CheckColumn({ check }: { check: SignatureCheck }) {
  return (
    <td>
      <SignatureBadge verdict={check.verdict} />
      <div>
        <PeerText text={check.reason} />
      </div>
      {check.received !== null && (
        <div className="mono ellipsis">
          received <PeerText text={check.received} />
        </div>
      )}
      {check.expected !== null && (
        <div className="mono ellipsis" title={check.expectedIsPrefix ? 'Only its first hex digits: no signature for a body anyone may choose' : undefined}>
          expected {check.expected}
          {check.expectedIsPrefix && '… (first digits)'}
        </div>
      )}
    </td>
  );
}

function FindingList({ findings }: { findings: readonly Finding[] }) {
  if (findings.length === 0) return <span className="muted">none</span>;
  return (
    <ul className="compare-findings">
      {findings.map((finding, index) => (
        <li key={index} data-code={finding.code}>
          <SeverityBadge severity={finding.severity} /> <span className="mono">{finding.code}</span> <PeerText text={finding.message} />
        </li>
      ))}
    </ul>
  );
}

/** Signature verdicts and findings side by side: the findings of one only, and how many both have. */
export function ChecksComparison({ comparison }: { comparison: DeliveryComparison }) {
  const { findings } = comparison;
  return (
    <DetailSection title="Signature and findings" testId="compare-checks">
      <table className="compare-table compare-columns">
        <thead>
          <tr>
            <th aria-label="What" />
            <th>Left</th>
            <th>Right</th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="compare-signature" data-same={comparison.signature.sameVerdict}>
            <th scope="row">Signature</th>
            <CheckColumn check={comparison.left.signatureCheck} />
            <CheckColumn check={comparison.right.signatureCheck} />
          </tr>
          <tr data-testid="compare-findings">
            <th scope="row">Findings of one only</th>
            <td>
              <FindingList findings={findings.onlyLeft} />
            </td>
            <td>
              <FindingList findings={findings.onlyRight} />
            </td>
          </tr>
        </tbody>
      </table>
      {findings.both.length > 0 && <p className="muted">{findings.both.length} findings on both.</p>}
    </DetailSection>
  );
}
