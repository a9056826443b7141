import { dispatchStatusExplanations, dispatchStatusWords, type DispatchStatus } from './simulator-words';

/** Colour and a word, as the signature badges: the word carries the meaning. */
export function DispatchStatusBadge({ status }: { status: DispatchStatus }) {
  return (
    <span className={`badge dispatch-${status}`} data-testid="dispatch-status" data-status={status} title={dispatchStatusExplanations[status]}>
      {dispatchStatusWords[status]}
    </span>
  );
}
