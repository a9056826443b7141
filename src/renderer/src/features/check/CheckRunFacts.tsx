import type { CheckRunView } from '../../../../shared/handler-check';
import { formatDuration, formatFullTime } from '../../lib/format';

/** The run at a glance: where, how far, the verdicts, and how fast the handler answered real traffic. */
export function CheckRunFacts({ run }: { run: CheckRunView }) {
  const { counts, latency } = run;
  return (
    <div className="check-run-facts" data-testid="check-run" data-state={run.state} data-run={run.id} aria-live="polite">
      <p>
        <strong data-testid="check-progress">
          {run.state === 'running' ? `Running: ${run.results.length} of ${run.total} cases graded` : run.state === 'failed' ? 'Stopped' : `${run.total} cases graded`}
        </strong>{' '}
        <span className="muted">
          against <span className="mono">{run.target}</span> · started {formatFullTime(run.startedAt)} · secret sha256:{run.secretFingerprint}
          {run.keptAt && ' · kept'}
        </span>
      </p>
      {run.error && (
        <p className="call-error" role="alert" data-testid="check-run-error">
          {run.error}
        </p>
      )}
      <p data-testid="check-counts">
        <span className="check-count-security">
          {counts['security-failure'] ?? 0} security {counts['security-failure'] === 1 ? 'failure' : 'failures'}
        </span> · {counts.fail ?? 0} failed · {counts.pass ?? 0} passed
      </p>
      {run.causes.map((cause, i) => (
        // One mistake that several failures come from: named once, each of those cases points at it.
        <p key={cause.id} className="check-root-cause" data-testid="check-root-cause" data-cause={cause.id}>
          <strong className="warn-text">
            Root cause {i + 1} ({cause.caseIds.length} {cause.caseIds.length === 1 ? 'case' : 'cases'}): {cause.title}.
          </strong>{' '}
          {cause.mistake}. <strong>Fix:</strong> {cause.fix}.
        </p>
      ))}
      {latency.count > 0 && (
        <p data-testid="check-latency">
          Answer time over real traffic: p50 {formatDuration(latency.p50Ms)}, p99 {formatDuration(latency.p99Ms)}, slowest {formatDuration(latency.maxMs)}
          {latency.slow > 0 ? (
            <span className="warn-text">
              {' '}
              · {latency.slow} {latency.slow === 1 ? 'answer' : 'answers'} took over {formatDuration(latency.slowMs)}: acknowledge quickly, then do the work (spec 6.5); the service gives up after 10 s (spec 8)
            </span>
          ) : (
            '.'
          )}
        </p>
      )}
    </div>
  );
}
