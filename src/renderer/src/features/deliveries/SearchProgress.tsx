import type { ReactNode } from 'react';
import type { DeliverySearchJob } from '../../../../shared/delivery-search';
import { formatCount, formatFullTime, formatReceivedTime } from '../../lib/format';

interface SearchProgressProps {
  job: DeliverySearchJob | null;
  onCancel: () => void;
}

/** How far a body-by-body search has got ("searched N of M deliveries, back to …"), with Cancel while it runs. */
export function SearchProgress({ job, onCancel }: SearchProgressProps) {
  if (job === null || !job.scanned) return null;
  const reached =
    job.reachedAt === null ? null : (
      <>
        , back to <time dateTime={job.reachedAt} title={formatFullTime(job.reachedAt)}>{formatReceivedTime(job.reachedAt)}</time>
      </>
    );
  const extent = (
    <>
      searched {formatCount(job.searched)} of {formatCount(job.toSearch)} deliveries{reached}
    </>
  );
  const words: Record<DeliverySearchJob['state'], ReactNode> = {
    running: <>Searching the bodies one by one, newest first: {extent}</>,
    canceled: <>Search canceled: {extent}</>,
    done: job.nextBeforeId === null ? <>Search done: {extent}</> : <>A page of matches: {extent}; scroll down for more</>,
    failed: <>Search failed ({job.error}): {extent}</>,
  };
  return (
    <div className="search-progress" data-testid="search-progress" data-state={job.state} role="status">
      <span>{words[job.state]}</span>
      {job.state === 'running' && (
        <button type="button" data-testid="search-cancel" onClick={onCancel}>
          Cancel
        </button>
      )}
    </div>
  );
}
