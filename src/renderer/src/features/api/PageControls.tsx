import { useState } from 'react';

interface PageControlsProps {
  page: number;
  /** From the last page read of this list; null while unknown. */
  totalPages: number | null;
  busy: boolean;
  onPage: (page: number) => void;
}

/** First / previous / next / last and a jump to any page (past the last too: the service's own answer is shown). */
export function PageControls({ page, totalPages, busy, onPage }: PageControlsProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [draftFor, setDraftFor] = useState(page);
  // The page can change from outside (the buttons, the back button): drop what was typed.
  if (draftFor !== page) {
    setDraftFor(page);
    setDraft(null);
  }
  const last = totalPages === null ? null : Math.max(1, totalPages);
  const jumpTarget = draft === null ? page : Number(draft);
  const jumpValid = draft !== null && /^\d+$/.test(draft.trim()) && Number.isSafeInteger(jumpTarget) && jumpTarget >= 1;

  return (
    <form
      className="api-pager"
      aria-label="Pages"
      onSubmit={(event) => {
        event.preventDefault();
        if (jumpValid) onPage(jumpTarget);
      }}
    >
      <button type="button" data-testid="api-first" disabled={page <= 1} onClick={() => onPage(1)} title="First page">
        « First
      </button>
      <button type="button" data-testid="api-prev" disabled={page <= 1} onClick={() => onPage(page - 1)} title="Previous page">
        ‹ Prev
      </button>
      <label className="api-page-field">
        <span className="muted">Page</span>
        <input
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          data-testid="api-page"
          aria-label="Page to go to"
          value={draft ?? String(page)}
          onChange={(event) => setDraft(event.target.value)}
        />
        <span className="muted" data-testid="api-page-of">
          of {last ?? '?'}
        </span>
      </label>
      <button type="submit" data-testid="api-page-jump" disabled={!jumpValid || busy}>
        Go
      </button>
      <button type="button" data-testid="api-next" disabled={last === null || page >= last} onClick={() => onPage(page + 1)} title="Next page">
        Next ›
      </button>
      <button type="button" data-testid="api-last" disabled={last === null || page === last} onClick={() => last !== null && onPage(last)} title="Last page">
        Last »
      </button>
    </form>
  );
}
