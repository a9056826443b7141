import { skipToken, useMutation, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import type { FetchAllJob, ListTarget } from '../../../../shared/service-api';
import { call } from '../../api/client';
import { browserJobKey, showJob } from '../../api/fetch-all-jobs';
import { nativeExtras, saveBytes } from '../../api/native-extras';
import { useFetchAllJob } from '../../hooks/useFetchAllJob';
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
  /** Saves what was fetched; its answer is the line saying where. */
  exporter: UseMutationResult<string, Error, ExportFormat>;
}

const mimeTypes: Record<ExportFormat, string> = { json: 'application/json', csv: 'text/csv' };

/** Fetch-all for the list `target` (null: none can be fetched); its error and export outcome are this list's. */
export function useBrowserFetchAll(target: ListTarget | null): BrowserFetchAll {
  const queryClient = useQueryClient();
  const jobId = useQuery<string>({ queryKey: browserJobKey(target), queryFn: skipToken }).data ?? null;
  const job = useFetchAllJob(jobId);

  const exporter = useMutation({
    mutationFn: async (format: ExportFormat) => {
      if (!job) return 'Nothing fetched yet.';
      const { job: finished, items } = await call('api.fetchAll.items', { jobId: job.jobId });
      const stem = endpointFileStem(finished.target.endpoint, finished.target.campaignId ?? null);
      const name = `${stem}${finished.state === 'done' ? '' : '-partial'}.${format}`;
      const text = format === 'json' ? recordsToJson(items) : recordsToCsv(items);
      const native = typeof nativeExtras().saveFile === 'function';
      const path = await saveBytes(name, new TextEncoder().encode(text), mimeTypes[format]);
      if (path) return `Saved ${plural(items.length, 'record')} to ${path}.`;
      return native ? 'Not saved.' : `Downloaded ${name} (${plural(items.length, 'record')}).`;
    },
  });
  const cancel = useMutation({
    mutationFn: (id: string) => call('api.fetchAll.cancel', { jobId: id }),
    onSuccess: (canceled) => showJob(queryClient, canceled),
  });
  const start = useMutation({
    mutationFn: ({ list, limit }: { list: ListTarget; limit: number }) => call('api.fetchAll.start', { ...list, limit }),
    onMutate: () => {
      exporter.reset();
      cancel.reset();
    },
    onSuccess: (started) => {
      showJob(queryClient, started);
      queryClient.setQueryData(browserJobKey(started.target), started.jobId);
    },
  });

  return {
    job,
    start: (limit) => {
      if (target !== null) start.mutate({ list: target, limit });
    },
    cancel: () => {
      if (job) cancel.mutate(job.jobId);
    },
    error: start.error ?? cancel.error,
    exporter,
  };
}
