import { CallErrorMessage } from '../CallErrorMessage';

/** A list that could not load, in place of the list, with a retry when there is one. */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div className="list-message">
      <CallErrorMessage error={error} />
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      )}
    </div>
  );
}
