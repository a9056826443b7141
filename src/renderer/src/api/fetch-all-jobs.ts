import type { QueryClient } from '@tanstack/react-query';
import type { FetchAllJob, ListTarget } from '../../../shared/service-api';
import { endpointPath } from '../lib/api-endpoints';
import type { Send } from './send';

/**
 * What the UI knows of each fetch-all job, in the query cache under the job's key: pushed by the `api.fetchAll`
 * events, kept for the whole session (a job runs on while its view is closed), and caught up after a reconnect.
 * Events can come before `api.fetchAll.start` has answered: they are taken all the same.
 */
export const fetchAllJobKey = (jobId: string | null) => ['api.fetchAll.job', jobId] as const;

/** The API browser's last job of each list (by its request path): a list shows its own job, never another list's. */
export const browserJobKey = (target: ListTarget | null) => ['api.fetchAll.browserJob', target && endpointPath(target.endpoint, target.campaignId ?? null)] as const;

/** Takes a newer snapshot of a job; an older one (a late `start` answer, a page before the last) is ignored. */
export function showJob(queryClient: QueryClient, job: FetchAllJob): void {
  queryClient.setQueryData<FetchAllJob>(fetchAllJobKey(job.jobId), (known) =>
    known && (known.state !== 'running' || job.pagesDone < known.pagesDone) ? known : job,
  );
}

/** What of the event stream (server-events.ts) the jobs follow. */
interface JobEvents {
  on(name: 'api.fetchAll', listener: (job: FetchAllJob) => void): () => void;
  onReconnected(listener: () => void): () => void;
}

/** Feeds the jobs' snapshots from the event stream into the cache; returns the function that stops it. */
export function followFetchAllJobs(stream: JobEvents, queryClient: QueryClient, send: Send): () => void {
  for (const prefix of ['api.fetchAll.job', 'api.fetchAll.browserJob']) queryClient.setQueryDefaults([prefix], { gcTime: Infinity, staleTime: Infinity });
  const stops = [stream.on('api.fetchAll', (job) => showJob(queryClient, job)), stream.onReconnected(() => void catchUp(queryClient, send))];
  return () => {
    for (const stop of stops) stop();
  };
}

/** The jobs still running when the stream went: as the core has them now (or failed, if it lost them). */
async function catchUp(queryClient: QueryClient, send: Send): Promise<void> {
  const running = queryClient
    .getQueriesData<FetchAllJob>({ queryKey: ['api.fetchAll.job'] })
    .flatMap(([, job]) => (job?.state === 'running' ? [job] : []));
  for (const job of running) {
    try {
      showJob(queryClient, (await send('api.fetchAll.items', { jobId: job.jobId })).job);
    } catch {
      showJob(queryClient, { ...job, state: 'failed', error: 'The inspector core lost this job (did it restart?).' });
    }
  }
}

/** Resolves with the job once it is no longer running. */
export function jobFinished(queryClient: QueryClient, jobId: string): Promise<FetchAllJob> {
  const key = fetchAllJobKey(jobId);
  return new Promise((resolve) => {
    const check = () => {
      const job = queryClient.getQueryData<FetchAllJob>(key);
      if (!job || job.state === 'running') return;
      stop();
      resolve(job);
    };
    const stop = queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryKey[0] === key[0] && query.queryKey[1] === jobId) check();
    });
    check();
  });
}
