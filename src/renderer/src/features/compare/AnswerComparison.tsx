import { useMemo, useState } from 'react';
import { structuredPatch } from 'diff';
import { compareHeaders } from '../../../../shared/compare-headers';
import type { ReplayRecord } from '../../../../shared/replay';
import { PeerText } from '../../components/PeerText';
import { HeadersComparison } from './CompareSections';

/** An answer as a replay or a check run keeps it: its status, its headers as received, its body as UTF-8 text cut at the cap. */
export interface KeptAnswer {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: string;
  bodyTruncated: boolean;
}

/** One side of a comparison: the answer, or why there was none. */
export interface AnswerSide {
  answer: KeptAnswer | null;
  error: string | null;
}

/** The line diff stops here, and is given up past this many edits or this long. */
const diffLimits = { context: 3, maxEditLength: 2_000, timeout: 500 };
const listedLines = 500;

function answerWords(side: AnswerSide): string {
  return side.answer ? `${side.answer.status}` : `no answer (${side.error ?? 'error'})`;
}

function BodyLines({ left, right, names }: { left: KeptAnswer; right: KeptAnswer; names: readonly [string, string] }) {
  const patch = useMemo(() => structuredPatch(names[0], names[1], left.body, right.body, undefined, undefined, diffLimits), [left.body, right.body, names]);
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

const beforeAndNow = ['before', 'now'] as const;

interface AnswerComparisonProps {
  before: AnswerSide;
  now: AnswerSide;
  /** The two sides' names in the diff's header lines. */
  names?: readonly [string, string];
  /** How each answer was kept, said under the comparison. */
  keptAs: string;
}

/**
 * What a target answered one time against another (two replays, or a check case in two runs): status, headers as
 * received, and the body as it was kept (UTF-8 text, invalid bytes replaced, cut at the cap): a line diff of that text,
 * never a byte-for-byte comparison.
 */
export function AnswerComparison({ before, now, names = beforeAndNow, keptAs }: AnswerComparisonProps) {
  const left = before.answer;
  const right = now.answer;
  const headers = useMemo(() => compareHeaders(left?.headers ?? [], right?.headers ?? []), [left, right]);
  const same = left !== null && right !== null && left.status === right.status && headers.equal && left.body === right.body;
  return (
    <div className="answer-comparison" data-testid="answer-comparison" data-same={same}>
      <p>
        Answer <span className="mono">{answerWords(before)}</span> → <span className="mono">{answerWords(now)}</span>
        {same && <span className="muted"> · the same status, headers and body text</span>}
      </p>
      {left && right && (
        <>
          {!headers.equal && <HeadersComparison headers={headers} />}
          <BodyLines left={left} right={right} names={names} />
          {(left.bodyTruncated || right.bodyTruncated) && <p className="muted">A body was cut at the cap: only the text kept is compared.</p>}
        </>
      )}
      <p className="muted">{keptAs}</p>
    </div>
  );
}

const replaySide = (record: ReplayRecord): AnswerSide => ({ answer: record.response, error: record.error });

/** A replay row's "compare with the one before": opens the comparison of the two answers under it. */
export function CompareWithBefore({ before, now, label }: { before: ReplayRecord; now: ReplayRecord; label: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="replay-compare" data-testid="replay-compare-before">
      <button type="button" className="link-button" aria-expanded={open} data-testid="replay-compare-toggle" onClick={() => setOpen(!open)}>
        {open ? '▾' : '▸'} Compare with the one before ({label})
      </button>
      {open && (
        <AnswerComparison
          before={replaySide(before)}
          now={replaySide(now)}
          keptAs="Compared as the replay keeps each answer: UTF-8 text, invalid bytes replaced, cut at 64 KiB."
        />
      )}
    </div>
  );
}
