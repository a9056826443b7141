import type { ListPage } from '../../../../shared/service-api';
import { formatReceivedTime } from '../../lib/format';

const headerNames = [
  ['current-page', 'currentPage'],
  ['page-items', 'pageItems'],
  ['total-count', 'totalCount'],
  ['total-pages', 'totalPages'],
] as const;

/** The page's pagination headers as the service sent them, parsed; missing ones say so. */
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

/** Whether the page came from this session's cache, when it was read, and a way to read it again. */
export function CacheState({ page, loading, onRefresh }: { page: ListPage | null; loading: boolean; onRefresh: () => void }) {
  return (
    <span className="api-cache">
      {page && (
        <span
          className={`badge ${page.cached ? 'cache-hit' : 'cache-fresh'}`}
          data-testid="api-cached"
          data-cached={page.cached}
          title={`Read from the service at ${page.fetchedAt}`}
        >
          {page.cached ? 'cached' : 'fresh'} · {formatReceivedTime(page.fetchedAt)}
        </span>
      )}
      <button type="button" data-testid="api-refresh" disabled={loading} onClick={onRefresh} title="Read this page from the service again">
        {loading ? 'Loading…' : 'Refresh'}
      </button>
    </span>
  );
}
