import { fetchAllTracker, type FetchAllTracker } from '../api/fetch-all-tracker';
import { useEventStream } from './useEventStream';

/** The session's record of fetch-all jobs, fed by the event stream. */
export function useFetchAllTracker(): FetchAllTracker {
  return fetchAllTracker(useEventStream());
}

