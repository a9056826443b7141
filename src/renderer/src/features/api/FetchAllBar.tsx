import type { FetchAllJob, ListTarget } from '../../../../shared/service-api';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { endpointPath } from '../../lib/api-endpoints';
import { formatCount, plural } from '../../lib/format';
import { useBrowserFetchAll } from './useFetchAll';

interface FetchAllBarProps {
  /**
   * The list shown now, fetched by the button; null when it cannot be (a catalog without a campaign).
   * The parent keys the bar by this list, so another list's error or export outcome is never shown.
   */
  target: ListTarget | null;
  limit: number;
}

const stateWords: Record<FetchAllJob['state'], string> = {
  running: 'fetching',
  done: 'done',
  canceled: 'stopped',
  failed: 'failed',
};

/** Every page of a list, in order, with progress and cancel; what was fetched exports as JSON or CSV. */
export function FetchAllBar({ target, limit }: FetchAllBarProps) {
  const fetchAll = useBrowserFetchAll(target);
  const { job, exporter } = fetchAll;
  const running = job?.state === 'running';
  return (
    <section className="api-fetch-all" aria-label="Fetch all pages">
      <button
        type="button"
        data-testid="api-fetch-all"
        disabled={running || target === null}
        title={`Read pages 1 to the last, ${limit} a page, and keep every record`}
        onClick={() => fetchAll.start(limit)}
      >
        Fetch all pages
      </button>
      {job && <JobProgress job={job} />}
      {running && (
        <button type="button" data-testid="api-fetch-cancel" onClick={fetchAll.cancel}>
          Cancel
        </button>
      )}
      {job && !running && job.itemCount > 0 && (
        <span className="api-export">
          <span className="muted">Export {job.state === 'done' ? 'all' : 'what was fetched'} as</span>
          <button type="button" data-testid="api-export-json" disabled={exporter.isPending} onClick={() => exporter.mutate('json')}>
            JSON
          </button>
          <button type="button" data-testid="api-export-csv" disabled={exporter.isPending} onClick={() => exporter.mutate('csv')}>
            CSV
          </button>
        </span>
      )}
      <ActionOutcome error={exporter.error} done={exporter.data ?? null} testId="api-export" />
      <CallErrorMessage error={fetchAll.error} testId="api-fetch-all-error" />
    </section>
  );
}

function JobProgress({ job }: { job: FetchAllJob }) {
  const total = job.totalPages === null ? null : Math.max(1, job.totalPages);
  const what = endpointPath(job.target.endpoint, job.target.campaignId ?? null);
  return (
    <div
      className={`api-fetch-progress state-${job.state}`}
      data-testid="api-fetch-progress"
      data-pages-done={job.pagesDone}
      data-total-pages={job.totalPages ?? ''}
      data-items={job.itemCount}
      data-state={job.state}
      role="status"
    >
      <progress max={total ?? 1} value={total === null ? undefined : job.pagesDone} aria-label={`Pages of ${what} fetched`} />
      <span className={`badge fetch-${job.state}`}>{stateWords[job.state]}</span>
      <span className="api-fetch-text">
        <span className="mono">{what}</span> · {formatCount(job.pagesDone)} / {total === null ? '?' : formatCount(total)} pages · {plural(job.itemCount, 'record')}
      </span>
      {job.state === 'canceled' && <span className="muted">canceled; the {plural(job.itemCount, 'record')} fetched are kept</span>}
      {job.state === 'failed' && (
        <span className="call-error api-fetch-error" role="alert" data-testid="api-fetch-error">
          {job.advice && (
            <span className="call-error-advice" data-testid="call-error-advice">
              {job.advice}{' '}
            </span>
          )}
          <span className={job.advice ? 'call-error-detail' : undefined}>{job.error ?? 'It stopped on an error.'}</span> The {plural(job.itemCount, 'record')} fetched
          before it are kept.
        </span>
      )}
    </div>
  );
}
