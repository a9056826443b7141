import { SnapshotStore } from './snapshot-store';

/**
 * A list that pages down by a numeric cursor (newest first) and whose rows change in
 * place as deliveries arrive (duplicate groups grow, lifecycles move on), so it is
 * reloaded from the top on change rather than caught up. Every answer is tagged with
 * the generation it was asked for: an answer to an older filter never lands in the list.
 */

export interface PageSource<T, F, X> {
  /** The newest `limit` items older than `before` (all when undefined), and what else the call returns. */
  fetch: (filter: F, before: number | undefined, limit: number) => Promise<{ items: T[]; extra: X }>;
  /** The cursor of an item: the next page asks for items before the last one's. */
  cursor: (item: T) => number;
  pageSize: number;
  /** A reload asks for as many rows as are loaded, up to this many. */
  maxReload: number;
}

export interface PagedListSnapshot<T, X> {
  items: readonly T[];
  extra: X | null;
  phase: 'loading' | 'ready' | 'error';
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
  pageError: unknown;
}

export class PagedListStore<T, F, X> extends SnapshotStore<PagedListSnapshot<T, X>> {
  private filter: F | null = null;
  private currentFilterKey: string | null = null;
  private generation = 0;
  private refreshing = false;
  private refreshAgain = false;

  constructor(private readonly source: PageSource<T, F, X>) {
    super({ items: [], extra: null, phase: 'loading', error: null, hasMore: false, loadingMore: false, pageError: null });
  }

  setFilter(filter: F, key: string): void {
    if (key === this.currentFilterKey) return;
    this.currentFilterKey = key;
    this.filter = filter;
    this.update({ items: [], hasMore: false });
    this.reload();
  }

  /** Load the top again, showing "loading" (first load, retry). */
  readonly reload = (): void => {
    this.update({ phase: 'loading', error: null, loadingMore: false, pageError: null });
    this.fetchTop();
  };

  /** Load the top again quietly, keeping the rows on screen until the answer lands. */
  readonly refresh = (): void => {
    if (this.snapshot.phase !== 'ready' || this.refreshing) {
      if (this.snapshot.phase !== 'error') this.refreshAgain = true;
      return;
    }
    this.fetchTop();
  };

  /** Page down from the oldest loaded row. */
  readonly loadMore = (): void => {
    const { items, hasMore, phase, loadingMore } = this.snapshot;
    const oldest = items.at(-1);
    if (!hasMore || loadingMore || phase !== 'ready' || oldest === undefined || this.filter === null) return;
    const generation = this.generation;
    const { pageSize, cursor } = this.source;
    const before = cursor(oldest);
    this.update({ loadingMore: true, pageError: null });
    this.source.fetch(this.filter, before, pageSize).then(
      (page) => {
        if (generation !== this.generation) return;
        const tail = cursor(this.snapshot.items.at(-1) ?? oldest);
        const older = page.items.filter((item) => cursor(item) < tail);
        this.update({
          items: older.length > 0 ? [...this.snapshot.items, ...older] : this.snapshot.items,
          extra: page.extra,
          hasMore: page.items.length === pageSize,
          loadingMore: false,
        });
      },
      (pageError: unknown) => {
        if (generation !== this.generation) return;
        this.update({ loadingMore: false, pageError });
      },
    );
  };

  private fetchTop(): void {
    if (this.filter === null) return;
    const generation = ++this.generation;
    const { pageSize, maxReload } = this.source;
    const limit = Math.min(Math.max(this.snapshot.items.length, pageSize), maxReload);
    this.refreshing = true;
    this.source
      .fetch(this.filter, undefined, limit)
      .then(
        (page) => {
          if (generation !== this.generation) return;
          this.update({ items: page.items, extra: page.extra, phase: 'ready', error: null, hasMore: page.items.length === limit, loadingMore: false });
        },
        (error: unknown) => {
          if (generation !== this.generation) return;
          // A failed quiet refresh keeps the rows; the next change tries again.
          if (this.snapshot.phase === 'loading') this.update({ phase: 'error', error });
        },
      )
      .finally(() => {
        if (generation !== this.generation) return;
        this.refreshing = false;
        if (this.refreshAgain) {
          this.refreshAgain = false;
          this.refresh();
        }
      });
  }
}
