import { randomUUID } from 'node:crypto';
import type { FetchAllJob, ListPage, ListTarget } from '../../../shared/service-api';
import { ServiceApiError } from './errors';

export type PageReader = (target: ListTarget, page: number, limit: number, signal: AbortSignal) => Promise<Pick<ListPage, 'items' | 'pagination'>>;

export interface FetchAllDeps {
  readPage: PageReader;
  /** Told of every change: once per page read (the last one with state `done`), and on cancel or failure. */
  publish: (job: FetchAllJob) => void;
}

interface Run {
  job: FetchAllJob;
  limit: number;
  items: unknown[];
  controller: AbortController;
}

/** Finished jobs kept for `items` (their records stay in memory until then). */
const keptJobs = 20;

/** Fetch-all jobs: each walks pages 1..total-pages in order, one at a time, and keeps what it read. */
export class FetchAllJobs {
  private readonly runs = new Map<string, Run>();

  constructor(private readonly deps: FetchAllDeps) {}

  start(target: ListTarget, limit: number): FetchAllJob {
    const jobId = randomUUID();
    const run: Run = {
      job: { jobId, target, state: 'running', pagesDone: 0, totalPages: null, itemCount: 0, error: null, advice: null },
      limit,
      items: [],
      controller: new AbortController(),
    };
    this.runs.set(jobId, run);
    this.forgetOldJobs();
    void this.walk(run);
    return snapshot(run);
  }

  /** Stops a running job, keeping the pages it read; a finished job is returned as it is. */
  cancel(jobId: string): FetchAllJob {
    const run = this.find(jobId);
    this.stop(run);
    return snapshot(run);
  }

  items(jobId: string): { job: FetchAllJob; items: unknown[] } {
    const run = this.find(jobId);
    return { job: snapshot(run), items: [...run.items] };
  }

  cancelAll(): void {
    for (const run of this.runs.values()) this.stop(run);
  }

  private stop(run: Run): void {
    if (run.job.state !== 'running') return;
    run.job.state = 'canceled';
    run.controller.abort();
    this.deps.publish(snapshot(run));
  }

  private async walk(run: Run): Promise<void> {
    const { signal } = run.controller;
    try {
      for (let page = 1; ; page++) {
        const { items, pagination } = await this.deps.readPage(run.job.target, page, run.limit, signal);
        if (signal.aborted) return;
        run.items.push(...items);
        run.job.pagesDone = page;
        run.job.itemCount = run.items.length;
        if (page === 1) run.job.totalPages = pagination.totalPages;
        if (run.job.totalPages === null) throw new Error('the first page has no usable total-pages header, so the number of pages is unknown');
        // An empty list has total-pages 0, yet its page 1 answers: it is the last page.
        if (page >= Math.max(1, run.job.totalPages)) run.job.state = 'done';
        this.deps.publish(snapshot(run));
        if (run.job.state === 'done') return;
      }
    } catch (error) {
      if (signal.aborted) return;
      run.job.state = 'failed';
      run.job.error = error instanceof Error ? error.message : String(error);
      run.job.advice = error instanceof ServiceApiError ? error.advice : null;
      this.deps.publish(snapshot(run));
    }
  }

  private find(jobId: string): Run {
    const run = this.runs.get(jobId);
    if (!run) throw new ServiceApiError(404, `no fetch-all job ${jobId}`);
    return run;
  }

  private forgetOldJobs(): void {
    for (const [jobId, run] of this.runs) {
      if (this.runs.size <= keptJobs) return;
      if (run.job.state !== 'running') this.runs.delete(jobId);
    }
  }
}

function snapshot(run: Run): FetchAllJob {
  return { ...run.job, target: { ...run.job.target } };
}
