import { pageCacheTtlMs } from '../../../../shared/page-cache-rules';
import type { ListPage } from '../../../../shared/service-api';
import { useNow } from '../../hooks/useNow';
import { formatAge, formatFullTime } from '../../lib/format';

const headerNames = [
  ['current-page', 'currentPage'],
  ['page-items', 'pageItems'],
  ['total-count', 'totalCount'],
  ['total-pages', 'totalPages'],
] as const;

/** The request sent and the pagination headers of the answer, parsed; missing ones say so. */
export function PaginationHeaders({ page }: { page: ListPage }) {
  const { pagination } = page;
  return (
    <dl
      className="api-headers"
      data-testid="api-headers"
      data-current-page={pagination.currentPage ?? ''}
      data-total-pages={pagination.totalPages ?? ''}
      data-total-count={pagination.totalCount ?? ''}
      data-page-items={pagination.pageItems ?? ''}
      aria-label="Pagination headers"
    >
      <div className="api-header api-request">
        <dt className="muted">sent</dt>
        <dd className="mono" data-testid="api-request">
          {page.request}
        </dd>
      </div>
      {headerNames.map(([header, field]) => (
        <div key={header} className="api-header">
          <dt className="mono">{header}</dt>
          <dd className="mono">{pagination[field] ?? <span className="warn-text">missing</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Headers missing, not integers, or inconsistent with the items: one warning each. */
export function HeaderProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="api-header-problems" data-testid="api-header-problems" data-count={problems.length}>
      {problems.map((problem, index) => (
        <li key={index}>
          <span className="badge severity-warning">warning</span> {problem}
        </li>
      ))}
    </ul>
  );
}

/** Whether the page came from this UI session's cache, how long ago it was read, and a way to read it again. */
export function CacheState({ page, receivedAt, loading, onRefresh }: { page: ListPage | null; receivedAt: number | null; loading: boolean; onRefresh: () => void }) {
  const now = useNow(1_000, page !== null);
  const ageMs = page === null || receivedAt === null ? 0 : page.ageMs + Math.max(0, now - receivedAt);
  const old = ageMs >= pageCacheTtlMs;
  const about = page?.cached ? `Cached pages are served for ${pageCacheTtlMs / 1_000} s` : 'Read from the service for this view';
  return (
    <span className="api-cache">
      {page && (
        <span
          className={`badge ${old ? 'cache-old' : page.cached ? 'cache-hit' : 'cache-fresh'}`}
          data-testid="api-cached"
          data-cached={page.cached}
          data-old={old}
          title={`Read from the service at ${formatFullTime(page.fetchedAt)}. ${about}${old ? '; this one is older: Refresh reads it again.' : '.'}`}
        >
          {page.cached ? 'cached · ' : ''}fetched {formatAge(ageMs)}
        </span>
      )}
      <button type="button" data-testid="api-refresh" disabled={loading} onClick={onRefresh} title="Read this page from the service again">
        {loading ? 'Loading…' : 'Refresh'}
      </button>
    </span>
  );
}
