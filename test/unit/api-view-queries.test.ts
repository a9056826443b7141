import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { CallInput, CallName } from '../../src/shared/contract';
import type { FetchAllJob, ListPage } from '../../src/shared/service-api';
import type { Send } from '../../src/renderer/src/api/send';
import { fetchAllJobKey, jobFinished, showJob } from '../../src/renderer/src/api/fetch-all-jobs';
import { lastPageRead, listPageQuery, refreshListPage, type PageRequest, type ReadPage } from '../../src/renderer/src/features/api/list-page-query';

// The API view's queries against a fake core whose answers come back when the test says: an answer asked for
// first and given last never lands over the newer one.

interface Asked {
  input: CallInput<'api.listPage'>;
  signal: AbortSignal | undefined;
  answer: (cached: boolean) => Promise<void>;
}

function fakeCore() {
  const asked: Asked[] = [];
  const send = ((name: CallName, input: CallInput<'api.listPage'>, options?: { signal?: AbortSignal }) => {
    expect(name).toBe('api.listPage');
    return new Promise((resolve) => {
      asked.push({
        input,
        signal: options?.signal,
        answer: async (cached) => {
          resolve(pageOf(input.page ?? 1, cached));
          await settle();
        },
      });
    });
  }) as unknown as Send;
  return { send, asked };
}

function pageOf(page: number, cached: boolean): ListPage {
  return {
    request: `GET /api/campaigns?page=${page}`,
    items: [{ page }],
    pagination: { currentPage: page, pageItems: 1, totalCount: 3, totalPages: 3 },
    headerProblems: [],
    page,
    limit: 1,
    fetchedAt: '2026-03-02T09:00:00.000Z',
    cached,
    ageMs: 0,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const request = (page: number): PageRequest => ({ target: { endpoint: '/api/campaigns' }, page, limit: 1 });

let client: QueryClient;
afterEach(() => client.clear());

describe('a page of the API browser', () => {
  it('shows the page asked for now when the one asked before answers last', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const observer = new QueryObserver<ReadPage>(client, listPageQuery(request(1), core.send));
    const stop = observer.subscribe(() => {});
    await settle();
    observer.setOptions(listPageQuery(request(2), core.send));
    await settle();
    expect(core.asked.map((a) => a.input.page)).toEqual([1, 2]);

    await core.asked[1]!.answer(false);
    await core.asked[0]!.answer(false);
    expect(observer.getCurrentResult().data?.page.page).toBe(2);
    // Nobody waits for the earlier page any more: its read was dropped. The list's last page read is the later one.
    expect(core.asked[0]!.signal?.aborted).toBe(true);
    expect(lastPageRead(client, request(3))?.page).toBe(2);
    stop();
  });

  it('keeps a refresh’s page when the read it replaced answers after it', async () => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const core = fakeCore();
    const observer = new QueryObserver<ReadPage>(client, listPageQuery(request(1), core.send));
    const stop = observer.subscribe(() => {});
    await settle();
    void refreshListPage(client, request(1), core.send);
    await settle();
    expect(core.asked.map((a) => a.input.refresh)).toEqual([false, true]);
    expect(core.asked[0]!.signal?.aborted).toBe(true);

    await core.asked[1]!.answer(false);
    await core.asked[0]!.answer(true);
    expect(observer.getCurrentResult().data?.page.cached).toBe(false);
    stop();
  });
});

describe('a fetch-all job as the events tell it', () => {
  const job = (pagesDone: number, state: FetchAllJob['state'] = 'running'): FetchAllJob => ({
    jobId: 'job-1',
    target: { endpoint: '/api/campaigns' },
    state,
    pagesDone,
    totalPages: 3,
    itemCount: pagesDone * 20,
    error: null,
    advice: null,
  });

  it('never goes back to a page before the last, nor runs again once it ended', async () => {
    client = new QueryClient();
    const finished = jobFinished(client, 'job-1');
    showJob(client, job(2));
    showJob(client, job(1));
    expect(client.getQueryData<FetchAllJob>(fetchAllJobKey('job-1'))?.pagesDone).toBe(2);
    showJob(client, job(3, 'done'));
    showJob(client, job(2));
    expect(client.getQueryData<FetchAllJob>(fetchAllJobKey('job-1'))).toMatchObject({ pagesDone: 3, state: 'done' });
    await expect(finished).resolves.toMatchObject({ state: 'done' });
  });
});
