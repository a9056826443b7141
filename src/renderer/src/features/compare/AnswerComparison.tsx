import { useMemo, useState } from 'react';
import { structuredPatch } from 'diff';
import { compareHeaders } from '../../../../shared/compare-headers';
import type { ReplayRecord } from '../../../../shared/replay';
import { PeerText } from '../../components/PeerText';
import { HeadersComparison } from './CompareSections';

type Answer = NonNullable<ReplayRecord['response']>;

/** The line diff stops here, and is given up past this many edits or this long. */
const diffLimits = { context: 3, maxEditLength: 2_000, timeout: 500 };
const listedLines = 500;

function answerWords(record: ReplayRecord): string {
  return record.response ? `${record.response.status}` : `no answer (${record.error ?? 'error'})`;
}

function BodyLines({ left, right }: { left: Answer; right: Answer }) {
  const patch = useMemo(() => structuredPatch('before', 'now', left.body, right.body, undefined, undefined, diffLimits), [left.body, right.body]);
  if (left.body === right.body) return <p className="muted">The same body text.</p>;
  if (!patch) return <p className="muted">Too many differences to show line by line.</p>;
  const lines = patch.hunks.flatMap((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines]);
  return (
    <pre className="compare-hunk mono" data-testid="answer-body-diff">
      {lines.slice(0, listedLines).map((line, index) => (
        <span key={index} className={`compare-line compare-line-${line.startsWith('@@') ? 'same' : line[0] === '+' ? 'added' : line[0] === '-' ? 'removed' : 'same'}`}>
          {index > 0 && '\n'}
          {line.startsWith('@@') ? <span className="muted">{line}</span> : <>{line.slice(0, 1)}<PeerText text={line.slice(1)} /></>}
        </span>
      ))}
      {lines.length > listedLines && `\n… and ${lines.length - listedLines} more lines`}
    </pre>
  );
}

/**
 * What a target answered one replay against another: status, headers as received, and the body as the replay keeps it
 * (UTF-8 text, invalid bytes replaced, cut at 64 KiB): a line diff of that text, never a byte-for-byte comparison.
 */
export function AnswerComparison({ before, now }: { before: ReplayRecord; now: ReplayRecord }) {
  const headers = useMemo(() => compareHeaders(before.response?.headers ?? [], now.response?.headers ?? []), [before, now]);
  const same = before.response !== null && now.response !== null && before.response.status === now.response.status && headers.equal && before.response.body === now.response.body;
  return (
    <div className="answer-comparison" data-testid="answer-comparison" data-same={same}>
      <p>
        Answer <span className="mono">{answerWords(before)}</span> → <span className="mono">{answerWords(now)}</span>
        {same && <span className="muted"> · the same status, headers and body text</span>}
      </p>
      {before.response && now.response && (
        <>
          {!headers.equal && <HeadersComparison headers={headers} />}
          <BodyLines left={before.response} right={now.response} />
          {(before.response.bodyTruncated || now.response.bodyTruncated) && <p className="muted">A body was cut at the cap: only the text kept is compared.</p>}
        </>
      )}
      <p className="muted">Compared as the replay keeps each answer: UTF-8 text, invalid bytes replaced, cut at 64 KiB.</p>
    </div>
  );
}

/** A replay row's "compare with the one before": opens the comparison of the two answers under it. */
export function CompareWithBefore({ before, now, label }: { before: ReplayRecord; now: ReplayRecord; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="replay-compare" data-testid="replay-compare-before">
      <button type="button" className="link-button" aria-expanded={open} data-testid="replay-compare-toggle" onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} Compare with the one before ({label})
      </button>
      {open && <AnswerComparison before={before} now={now} />}
    </div>
  );
}
