import type { DeliveryFilter, DeliveryOrder, DeliverySummary } from '../../../../shared/delivery';
import type { DeliverySearchJob, DeliverySearchPage } from '../../../../shared/delivery-search';
import { call } from '../../api/client';
import { filterKey } from '../../lib/route';
import { SnapshotStore } from '../../lib/snapshot-store';
import { newestFirst, withArrivals, withGroupCounts } from './list-arrivals';
import { mergedTotal } from './list-total';
import { followSearchJob, searchToEnd, type SearchJobFollower } from './search-job-follower';

export interface DeliveryListSnapshot {
  /** The filter (its `filterKey`) the list is for; null before the first. */
  filterKey: string | null;
  /** Newest first, in `order`. */
  items: readonly DeliverySummary[];
  /** By receive time, or by id (a text search): the list says which. */
  order: DeliveryOrder;
  /** The newest delivery stored when the list was last read, matching or not: catch-ups fetch what came after. */
  latestId: number;
  /** Deliveries matching the filter, loaded or not (with a filter, counted up to a cap). */
  total: number;
  /** More match than the core counts for a filter: show the total as "N+". */
  totalCapped: boolean;
  phase: 'loading' | 'ready' | 'error';
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  /** Why the last page down failed; cleared by the next attempt. */
  pageError: unknown;
  /** With free text: the search job of the last page asked for (a body-by-body one says how far it has got). */
  search: DeliverySearchJob | null;
}

const pageSize = 200;
/** A catch-up that comes back this full may have skipped some: reload instead. */
const catchUpLimit = 500;

const initialSnapshot: DeliveryListSnapshot = {
  filterKey: null,
  items: [],
  order: 'received',
  latestId: 0,
  total: 0,
  totalCapped: false,
  phase: 'loading',
  error: null,
  hasMore: false,
  loadingMore: false,
  pageError: null,
  search: null,
};

/**
 * The deliveries list for a filter with free text, read by search jobs (without free text the list is
 * delivery-pages.ts's query): the first page, pages further down as the user scrolls, each listed as the job
 * finds its matches, and what was stored since (`afterId`) on every change event, each put in its place in
 * a list that stops growing past a bound (list-arrivals.ts). Every answer is tagged with the generation it
 * was asked for, so an answer to an older filter never lands in the list. At most one catch-up is in flight;
 * events that come meanwhile fold into one more.
 */
export class DeliveryListStore extends SnapshotStore<DeliveryListSnapshot> {
  private filter: DeliveryFilter = {};
  private currentFilterKey: string | null = null;
  private generation = 0;
  private catchingUp = false;
  private catchUpAgain = false;
  private following: SearchJobFollower | null = null;

  constructor() {
    super(initialSnapshot);
  }

  setFilter(filter: DeliveryFilter): void {
    const key = filterKey(filter);
    if (key === this.currentFilterKey) return;
    this.currentFilterKey = key;
    this.filter = filter;
    this.update({ filterKey: key, items: [], latestId: 0, total: 0, totalCapped: false, hasMore: false, search: null });
    this.reload();
  }

  /** Stops the search in progress (a body-by-body one), keeping what it found. */
  readonly cancelSearch = (): void => {
    const job = this.snapshot.search;
    if (job === null || job.state !== 'running') return;
    this.following?.stop();
    this.following = null;
    const generation = this.generation;
    call('deliveries.search.cancel', { jobId: job.jobId }).then(
      (canceled) => {
        if (generation === this.generation) this.update({ search: canceled, loadingMore: false, ...this.searchTotal(canceled, this.snapshot.items.length) });
      },
      () => {},
    );
  };

  /** Leaves the list: a search still running is canceled (and started again if the list comes back). */
  dispose(): void {
    this.generation++;
    this.following?.stop();
    this.following = null;
    this.currentFilterKey = null;
  }

  /** Search again from the top, for as many rows as are loaded now (verdicts may have changed). */
  readonly reload = (): void => {
    const generation = ++this.generation;
    this.following?.stop();
    this.following = null;
    const limit = Math.min(Math.max(this.snapshot.items.length, pageSize), catchUpLimit);
    this.update({ phase: 'loading', error: null, loadingMore: false, pageError: null });
    this.search(generation, undefined, limit);
  };

  /** Search on from the oldest loaded row. */
  readonly loadMore = (): void => {
    const { items, hasMore, phase, loadingMore } = this.snapshot;
    const oldest = items.at(-1);
    if (!hasMore || loadingMore || phase !== 'ready' || !oldest) return;
    this.update({ loadingMore: true, pageError: null });
    this.search(this.generation, this.snapshot.search?.nextBeforeId ?? oldest.id, pageSize);
  };

  /** Fetch what was stored since the list was read, put each in its place, and bring its copies' counts up. */
  readonly catchUp = (latestId?: number): void => {
    const seen = this.snapshot.latestId;
    if (latestId !== undefined && latestId <= seen) return;
    if (this.snapshot.phase === 'loading' || this.catchingUp) {
      this.catchUpAgain = true;
      return;
    }
    // A search's empty list stays (a body-by-body one may still be running): what arrives is caught up by id.
    this.catchingUp = true;
    const generation = this.generation;
    this.storedSince(seen)
      .then(
        (page) => {
          if (generation !== this.generation) return;
          if (page.items.length >= catchUpLimit) {
            this.reload();
            return;
          }
          const { items: current, order, hasMore, latestId: before } = this.snapshot;
          const arrivals = page.items.filter((item) => item.id > before);
          const { items, trimmed } = withArrivals(withGroupCounts(current, arrivals), arrivals, { compare: newestFirst(order), hasMore });
          this.update({
            items,
            latestId: Math.max(before, page.latestId),
            ...(trimmed ? { hasMore: true } : {}),
            ...(this.snapshot.search?.scanned ? { total: items.length } : mergedTotal(this.snapshot, page)),
          });
        },
        () => {
          // A missed catch-up is retried by the next event or the reconnect.
        },
      )
      .finally(() => {
        this.catchingUp = false;
        this.runPendingCatchUp();
      });
  };

  /**
   * What was stored since `afterId` and matches. A body-by-body search catches up as a search of those few
   * deliveries (the list's call would also count the matches among the newest 20,000, body by body).
   */
  private async storedSince(afterId: number): Promise<{ items: DeliverySummary[]; latestId: number; total: number; totalCapped: boolean }> {
    const text = this.filter.text;
    if (!text || !this.snapshot.search?.scanned) return call('deliveries.list', { filter: this.filter, afterId, limit: catchUpLimit });
    const { job, items } = await searchToEnd({ filter: { ...this.filter, text }, afterId, limit: catchUpLimit });
    if (job.state === 'failed') throw new Error(job.error ?? 'the search failed');
    return { items, latestId: job.latestId, total: items.length, totalCapped: true };
  }

  /**
   * A page of a text search, as a job: the first page (no `beforeId`) replaces the list, a later one is added
   * below it; the matches of a body-by-body search are listed as they are found.
   */
  private search(generation: number, beforeId: number | undefined, limit: number): void {
    const first = beforeId === undefined;
    const failed = (error: unknown) => {
      if (generation !== this.generation) return;
      this.update(first ? { phase: 'error', error } : { loadingMore: false, pageError: error });
    };
    call('deliveries.search.start', { filter: { ...this.filter, text: this.filter.text! }, beforeId, limit }).then((job) => {
      if (generation !== this.generation) {
        if (job.state === 'running') void call('deliveries.search.cancel', { jobId: job.jobId }).catch(() => {});
        return;
      }
      if (first) {
        this.update({ items: [], order: 'stored', latestId: job.latestId, phase: 'ready', hasMore: false, search: job, ...this.searchTotal(job, 0) });
        this.runPendingCatchUp();
      } else {
        this.update({ search: job });
      }
      this.following = followSearchJob(job, (page) => {
        if (generation === this.generation) this.addSearchPage(page, first);
      }, failed);
    }, failed);
  }

  private addSearchPage({ job, items: found }: DeliverySearchPage, first: boolean): void {
    const { items: current } = this.snapshot;
    const tail = current.at(-1);
    // Stored ids only grow: a match already listed (a catch-up brought it) is not listed twice.
    const older = found.filter((item) => tail === undefined || item.id < tail.id);
    const items = older.length > 0 ? [...current, ...older] : current;
    const running = job.state === 'running';
    this.update({
      items,
      search: job,
      hasMore: !running && job.nextBeforeId !== null,
      loadingMore: !first && running,
      ...(job.scanned || first ? this.searchTotal(job, items.length) : mergedTotal(this.snapshot, job)),
    });
  }

  /** The count a search job gives the list: a body-by-body one's matches so far, or an index's count. */
  private searchTotal(job: DeliverySearchJob, listed: number): { total: number; totalCapped: boolean } {
    if (!job.scanned) return { total: job.total, totalCapped: job.totalCapped };
    return { total: listed, totalCapped: job.state !== 'done' || job.nextBeforeId !== null };
  }

  private runPendingCatchUp(): void {
    if (!this.catchUpAgain) return;
    this.catchUpAgain = false;
    this.catchUp();
  }
}
