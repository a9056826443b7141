import type { KeyboardEvent, Ref } from 'react';
import type { CheckRootCause, CheckVerdict } from '../../../../shared/handler-check';
import { formatDuration } from '../../lib/format';
import type { CaseGroup } from './check-run-merge';
import { VerdictBadge } from './VerdictBadge';

interface CheckResultListProps {
  groups: CaseGroup[];
  /** The run's root causes, that a failure may point at. */
  causes: readonly CheckRootCause[];
  /** Verdicts of the run compared with, by case id (empty: none picked). */
  then: ReadonlyMap<string, CheckVerdict>;
  selectedId: string | null;
  onSelect: (id: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  listRef: Ref<HTMLDivElement>;
}

const rowDomId = (id: string) => `check-case-${id.replace(/[^a-z0-9-]/gi, '-')}`;

/** The cases graded so far, by category (security failures first): a listbox the arrow keys move through. */
export function CheckResultList({ groups, causes, then, selectedId, onSelect, onKeyDown, listRef }: CheckResultListProps) {
  const comparing = then.size > 0;
  return (
    <div
      className="check-results"
      role="listbox"
      aria-label="Cases, security failures first"
      tabIndex={0}
      ref={listRef}
      onKeyDown={onKeyDown}
      aria-activedescendant={selectedId === null ? undefined : rowDomId(selectedId)}
      data-testid="check-results"
    >
      {groups.map((group) => (
        <div key={group.category} role="group" aria-label={group.title} className="check-group" data-testid="check-group" data-category={group.category}>
          <div className="check-group-title" aria-hidden="true">
            {group.title}
          </div>
          {group.results.map((result) => {
            const before = then.get(result.id) ?? null;
            const changed = comparing && before !== null && before !== result.verdict;
            return (
              <div
                key={result.id}
                id={rowDomId(result.id)}
                role="option"
                aria-selected={result.id === selectedId}
                className={`check-row${result.id === selectedId ? ' selected' : ''}${changed ? ' check-row-changed' : ''}`}
                data-testid="check-row"
                data-case={result.id}
                data-verdict={result.verdict}
                data-changed={changed || undefined}
                onClick={() => onSelect(result.id)}
              >
                <VerdictBadge verdict={result.verdict} />
                <span className="check-row-title">{result.title}</span>
                <span className="muted check-row-spec">spec {result.specSections.join(', ')}</span>
                <span className="muted check-row-time">{formatDuration(result.durationMs)}</span>
                {result.verdict !== 'pass' && (
                  // The reason in the list, each failure with what to change (or the root cause above it comes from).
                  <span className="check-row-reason" data-testid="check-row-reason" style={{ gridColumn: '2 / -1', paddingBottom: 6, overflowWrap: 'anywhere' }}>
                    {result.reason}
                    {result.cause !== null ? (
                      <span className="muted" data-testid="check-row-cause" data-cause={result.cause}>
                        {' '}
                        · root cause: {causes.find((c) => c.id === result.cause)?.title ?? result.cause} (above)
                      </span>
                    ) : (
                      result.fix !== null && (
                        <span data-testid="check-row-fix">
                          {' '}
                          · <strong>Fix:</strong> {result.fix}
                        </span>
                      )
                    )}
                  </span>
                )}
                {comparing && (
                  <span className="check-row-then" data-testid="check-row-then" data-then={before ?? 'none'}>
                    {before === null ? 'new case' : changed ? <strong>was {before === 'security-failure' ? 'a security failure' : before}</strong> : 'same'}
                  </span>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
