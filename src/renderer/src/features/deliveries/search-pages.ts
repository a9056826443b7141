import type { InfiniteData, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import type { CallInput } from '../../../../shared/contract';
import type { DeliveryFilter } from '../../../../shared/delivery';
import type { DeliverySearchJob, DeliverySearchPage } from '../../../../shared/delivery-search';
import type { Send } from '../../api/send';
import type { DeliveryPage, DeliveryPageParam } from './delivery-page';
import type { ListTotal } from './list-total';

/**
 * A text filter's pages of the Deliveries list, read by search jobs (delivery-pages.ts keeps the list): a page is
 * one job, followed from its start, each page call waiting for what is new. A body-by-body job lists its matches
 * in the cache as it finds them; the page is done when the job ends (done, canceled by the user, or failed).
 */

/** How long one page call may wait for something new from a running job. */
const waitMs = 2_000;

export const isTextSearch = (filter: DeliveryFilter): filter is DeliveryFilter & { text: string } => filter.text !== undefined && filter.text !== '';

/** The count a search job gives the list: a body-by-body one's matches so far (`listed`), or an index's count. */
export function searchTotal(job: DeliverySearchJob, listed: number): ListTotal {
  if (!job.scanned) return { total: job.total, totalCapped: job.totalCapped };
  return { total: listed, totalCapped: job.state !== 'done' || job.nextBeforeId !== null };
}

function pageOf(kind: DeliveryPage['kind'], job: DeliverySearchJob, items: DeliveryPage['items']): DeliveryPage {
  return { kind, items, order: 'stored', latestId: job.latestId, ...searchTotal(job, items.length), full: job.state !== 'running' && job.nextBeforeId !== null, search: job };
}

type Context = QueryFunctionContext<QueryKey, DeliveryPageParam>;

/**
 * The first page (`top`) or one further down (`older`) of a search, as its job finds it. While a body-by-body
 * job runs, the page as found so far is put in the cache: in place of the whole list (a search from the top
 * replaces it), or below the pages already there. Left (another filter, a reload), a running job is canceled.
 */
export async function searchPage(start: CallInput<'deliveries.search.start'>, context: Context, send: Send): Promise<DeliveryPage> {
  const { client, queryKey, signal, pageParam: param } = context;
  const kind = param.kind === 'older' ? 'older' : 'top';
  const above = client.getQueryData<InfiniteData<DeliveryPage, DeliveryPageParam>>(queryKey);
  const show = (page: DeliveryPage) =>
    client.setQueryData<InfiniteData<DeliveryPage, DeliveryPageParam>>(queryKey, () =>
      kind === 'top' || above === undefined ? { pages: [page], pageParams: [param] } : { pages: [...above.pages, page], pageParams: [...above.pageParams, param] },
    );
  let page = pageOf(kind, await send('deliveries.search.start', start, { signal }), []);
  try {
    signal.throwIfAborted();
    if (page.search!.scanned) show(page);
    // A job answered at once (an index's) is done when it starts: its page is read all the same.
    for (let first = true; first || page.search!.state === 'running'; first = false) {
      const next = await send('deliveries.search.page', { jobId: page.search!.jobId, from: page.items.length, waitMs }, { signal });
      // Left meanwhile: what this job found is no longer the list's.
      signal.throwIfAborted();
      page = pageOf(kind, next.job, [...page.items, ...next.items]);
      if (next.job.state === 'running') show(page);
    }
    return page;
  } finally {
    if (signal.aborted && page.search!.state === 'running') void send('deliveries.search.cancel', { jobId: page.search!.jobId }).catch(() => {});
  }
}

/** A search run to its end (a catch-up over the few deliveries stored since): the job as it ended and all it found. */
export async function searchToEnd(input: CallInput<'deliveries.search.start'>, send: Send, signal: AbortSignal): Promise<DeliverySearchPage> {
  let job = await send('deliveries.search.start', input, { signal });
  const items: DeliverySearchPage['items'] = [];
  for (;;) {
    const page = await send('deliveries.search.page', { jobId: job.jobId, from: items.length, waitMs }, { signal });
    items.push(...page.items);
    job = page.job;
    if (job.state !== 'running') return { job, items };
  }
}
