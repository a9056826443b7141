import { describeError } from '../../api/client';

interface VirtualListFooterProps {
  top: number;
  rowHeight: number;
  loadingMore: boolean;
  pageError: unknown;
  onRetry: () => void;
  /** "older deliveries" and the like. */
  olderWhat: string;
}

/** The row after the loaded ones: loading the next page, or why it failed and a retry. */
export function VirtualListFooter({ top, rowHeight, loadingMore, pageError, onRetry, olderWhat }: VirtualListFooterProps) {
  return (
    <div className="delivery-list-footer" style={{ transform: `translateY(${top}px)`, height: rowHeight }}>
      {pageError && !loadingMore ? (
        <>
          <span className="error-text">
            Could not load {olderWhat}: {describeError(pageError)}
          </span>
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        </>
      ) : (
        <span className="muted">Loading {olderWhat}…</span>
      )}
    </div>
  );
}
