import type { CallHandlers } from '../../../shared/contract';
import type { DeliverySearchJobs } from './delivery-search-jobs';

/** The calls `deliveries.search.*`: free-text searches as jobs. */
export function searchCalls(searches: DeliverySearchJobs) {
  return {
    'deliveries.search.start': (input) => searches.start(input),
    'deliveries.search.page': ({ jobId, from, waitMs }) => searches.page(jobId, from, waitMs),
    'deliveries.search.cancel': ({ jobId }) => searches.cancel(jobId),
  } satisfies Pick<CallHandlers, 'deliveries.search.start' | 'deliveries.search.page' | 'deliveries.search.cancel'>;
}
