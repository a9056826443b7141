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
  /** The API browser's current (or last) job; it runs on while the view is closed. */
  job: FetchAllJob | null;
  start: (target: ListTarget, limit: number) => void;
  cancel: () => void;
  /** Why starting or cancelling failed. */
  error: unknown;
  exporter: CallAction<[ExportFormat]>;
}

const mimeTypes: Record<ExportFormat, string> = { json: 'application/json', csv: 'text/csv' };

export function useBrowserFetchAll(): BrowserFetchAll {
  const tracker = useFetchAllTracker();
  const job = useSyncExternalStore(tracker.subscribe, () => tracker.browserJob);
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

  const start = (target: ListTarget, limit: number) => {
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
