import type { ReactNode, Ref } from 'react';
import { CallErrorMessage } from '../CallErrorMessage';

type PaneState = { phase: 'none' } | { phase: 'loading' } | { phase: 'ready' } | { phase: 'error'; error: unknown };

interface DetailPaneProps {
  state: PaneState;
  /** What to show once ready (callers render it only when `state.phase` is `ready`). */
  children: ReactNode;
  testId: string;
  label: string;
  onClose: () => void;
  paneRef: Ref<HTMLElement>;
  /** More `data-*` attributes of the pane, e.g. the id shown. */
  data?: Record<`data-${string}`, string | number | undefined>;
}

/** The detail beside a list: loading, an error, or the item; Escape closes it. */
export function DetailPane({ state, children, testId, label, onClose, paneRef, data }: DetailPaneProps) {
  return (
    <aside
      className="detail-pane"
      data-testid={testId}
      data-state={state.phase}
      {...data}
      ref={paneRef}
      tabIndex={-1}
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      {state.phase === 'loading' && <p className="muted detail-placeholder">Loading…</p>}
      {state.phase === 'error' && <CallErrorMessage error={state.error} />}
      {children}
    </aside>
  );
}
