import { skipToken, useQuery } from '@tanstack/react-query';
import type { FetchAllJob } from '../../../shared/service-api';
import { fetchAllJobKey } from '../api/fetch-all-jobs';

/** A fetch-all job as the events last told it (null: none, or not heard of yet). */
export function useFetchAllJob(jobId: string | null): FetchAllJob | null {
  return useQuery<FetchAllJob>({ queryKey: fetchAllJobKey(jobId), queryFn: skipToken }).data ?? null;
}
