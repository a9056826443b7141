import { useState, useSyncExternalStore } from 'react';
import type { FetchAllJob, ListTarget } from '../../../../shared/service-api';
import { call } from '../../api/client';
import { nativeExtras, saveBytes } from '../../api/native-extras';
import { useCallAction, type CallAction } from '../../hooks/useCallAction';
import { useFetchAllTracker } from '../../hooks/useFetchAllTracker';
import { endpointFileStem } from '../../lib/api-endpoints';
import { plural } from '../../lib/format';
import { recordsToCsv, recordsToJson } from '../../lib/records';

export type ExportFormat = 'json' | 'csv';

export interface BrowserFetchAll {
  /** The last job of the list shown; it runs on while another list or view is shown. */
  job: FetchAllJob | null;
  start: (limit: number) => void;
  cancel: () => void;
  /** Why starting or cancelling failed. */
  error: unknown;
  exporter: CallAction<[ExportFormat]>;
}

const mimeTypes: Record<ExportFormat, string> = { json: 'application/json', csv: 'text/csv' };

/** Fetch-all for the list `target` (null: none can be fetched); its error and export outcome are this list's. */
export function useBrowserFetchAll(target: ListTarget | null): BrowserFetchAll {
  const tracker = useFetchAllTracker();
  const job = useSyncExternalStore(tracker.subscribe, () => (target === null ? null : tracker.browserJob(target)));
  const [error, setError] = useState<unknown>(null);

  const exporter = useCallAction(async (format: ExportFormat) => {
    if (!job) return 'Nothing fetched yet.';
    const { job: finished, items } = await call('api.fetchAll.items', { jobId: job.jobId });
    const stem = endpointFileStem(finished.target.endpoint, finished.target.campaignId ?? null);
    const name = `${stem}${finished.state === 'done' ? '' : '-partial'}.${format}`;
    const text = format === 'json' ? recordsToJson(items) : recordsToCsv(items);
    const native = typeof nativeExtras().saveFile === 'function';
    const path = await saveBytes(name, new TextEncoder().encode(text), mimeTypes[format]);
    if (path) return `Saved ${plural(items.length, 'record')} to ${path}.`;
    return native ? 'Not saved.' : `Downloaded ${name} (${plural(items.length, 'record')}).`;
  });

  const start = (limit: number) => {
    if (target === null) return;
    setError(null);
    exporter.clear();
    call('api.fetchAll.start', { ...target, limit }).then(
      (started) => tracker.setBrowserJob(started),
      (failure: unknown) => setError(failure),
    );
  };
  const cancel = () => {
    if (!job) return;
    call('api.fetchAll.cancel', { jobId: job.jobId }).then(
      (canceled) => tracker.update(canceled),
      (failure: unknown) => setError(failure),
    );
  };
  return { job, start, cancel, error, exporter };
}
