import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallInput, CallName } from '../../src/shared/contract';
import type { DeliveryFilter, DeliverySummary } from '../../src/shared/delivery';
import type { DeliverySearchJob } from '../../src/shared/delivery-search';
import type { Send } from '../../src/renderer/src/api/send';
import { deliveryPagesQuery, reloadDeliveries, type DeliveryList } from '../../src/renderer/src/features/deliveries/delivery-pages';

// A text filter's Deliveries list against a fake core whose search jobs answer when the test says: matches are
// listed as a body-by-body job finds them, and an answer for a search left (another filter, a reload) never lands.

function summary(id: number): DeliverySummary {
  return { id, receivedAt: `2025-01-01T00:00:${String(id).padStart(2, '0')}.000Z`, idempotencyKey: null, duplicateCount: 1 } as DeliverySummary;
}

function job(jobId: string, state: DeliverySearchJob['state'], found: number): DeliverySearchJob {
  return { jobId, state, scanned: true, found, searched: 10, toSearch: 100, reachedAt: null, total: found, totalCapped: false, nextBeforeId: null, latestId: 50, error: null };
}

interface PageCall {
  jobId: string;
  signal: AbortSignal | undefined;
  /** Answers this page call with these matches and the job in this state. */
  answer: (ids: number[], state: DeliverySearchJob['state']) => Promise<void>;
}

/** A fake core: a search starts at once (job-1, job-2…); each page call waits until the test answers it. */
function fakeCore() {
  const started: { input: CallInput<'deliveries.search.start'>; jobId: string }[] = [];
  const pages: PageCall[] = [];
  const canceled: string[] = [];
  const send = ((name: CallName, input: never, options?: { signal?: AbortSignal }) => {
    if (name === 'deliveries.search.start') {
      const jobId = `job-${started.length + 1}`;
      started.push({ input, jobId });
      return Promise.resolve(job(jobId, 'running', 0));
    }
    if (name === 'deliveries.search.cancel') {
      const { jobId } = input as { jobId: string };
      canceled.push(jobId);
      return Promise.resolve(job(jobId, 'canceled', 0));
    }
    expect(name).toBe('deliveries.search.page');
    const { jobId } = input as { jobId: string };
    return new Promise((resolve) => {
      pages.push({
        jobId,
        signal: options?.signal,
        answer: async (ids, state) => {
          resolve({ job: job(jobId, state, ids.length), items: ids.map(summary) });
          await settle();
        },
      });
    });
  }) as unknown as Send;
  return { send, started, pages, canceled };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function listOf(client: QueryClient, filter: DeliveryFilter, send: Send) {
  const observer = new InfiniteQueryObserver(client, deliveryPagesQuery(filter, send) as never) as unknown as InfiniteQueryObserver<unknown, Error, DeliveryList>;
  const stop = observer.subscribe(() => {});
  return { observer, stop };
}

const shown = (observer: InfiniteQueryObserver<unknown, Error, DeliveryList>) => observer.getCurrentResult().data?.items.map((item) => item.id);

let client: QueryClient;
afterEach(() => client.clear());

describe('a body-by-body search in the Deliveries list', () => {
  it('lists the matches as the job finds them, and says how far it got', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const { observer, stop } = listOf(client, { text: 'zebra' }, core.send);
    await settle();
    expect(observer.getCurrentResult().data?.search?.state).toBe('running');
    expect(shown(observer)).toEqual([]);

    await core.pages[0]!.answer([9], 'running');
    expect(shown(observer)).toEqual([9]);
    expect(observer.getCurrentResult().isFetching).toBe(true);
    await core.pages[1]!.answer([4], 'done');
    expect(shown(observer)).toEqual([9, 4]);
    expect(observer.getCurrentResult().data).toMatchObject({ total: 2, totalCapped: false, search: { state: 'done' } });
    stop();
  });

  it('keeps what a search stopped by the user found, saying it was canceled', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const { observer, stop } = listOf(client, { text: 'zebra' }, core.send);
    await settle();
    await core.pages[0]!.answer([9], 'running');
    await core.pages[1]!.answer([], 'canceled');
    expect(shown(observer)).toEqual([9]);
    expect(observer.getCurrentResult()).toMatchObject({ isFetching: false, data: { totalCapped: true, hasMore: false, search: { state: 'canceled' } } });
    stop();
  });

  it('never shows the matches of a search left for another filter, and cancels its job', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: 0 } } });
    const core = fakeCore();
    const { observer, stop } = listOf(client, { text: 'zebra' }, core.send);
    await settle();
    observer.setOptions(deliveryPagesQuery({ text: 'lion' }, core.send) as never);
    await settle();
    expect(core.started.map((s) => s.input.filter.text)).toEqual(['zebra', 'lion']);

    const [zebra, lion] = core.pages;
    await lion!.answer([7], 'done');
    await zebra!.answer([9, 8], 'running');
    expect(shown(observer)).toEqual([7]);
    expect(zebra!.signal?.aborted).toBe(true);
    expect(core.canceled).toEqual(['job-1']);
    stop();
  });

  it('drops the job a reload replaces: its late matches never land over the new search’s', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const filter = { text: 'zebra' };
    const { observer, stop } = listOf(client, filter, core.send);
    await settle();
    await core.pages[0]!.answer([9], 'running');
    void reloadDeliveries(client, filter);
    await settle();
    expect(core.started.map((s) => s.jobId)).toEqual(['job-1', 'job-2']);

    const [, firstAgain, reloaded] = core.pages;
    await reloaded!.answer([9, 3], 'done');
    await firstAgain!.answer([8], 'running');
    expect(shown(observer)).toEqual([9, 3]);
    expect(core.canceled).toEqual(['job-1']);
    stop();
  });
});
