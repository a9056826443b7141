import type { ReactNode } from 'react';

interface DraftActionsProps {
  /** "Save policy", "Apply"… */
  submitLabel: string;
  submitTestId: string;
  resetTestId?: string;
  /** The form holds an edit not saved yet. */
  dirty: boolean;
  busy: boolean;
  onReset: () => void;
  /** Say "unsaved changes" while dirty. */
  noteUnsaved?: boolean;
  /** More, after the buttons. */
  children?: ReactNode;
}

/** A settings form's footer: save (or apply) and reset, enabled once edited. */
export function DraftActions({ submitLabel, submitTestId, resetTestId, dirty, busy, onReset, noteUnsaved = false, children }: DraftActionsProps) {
  return (
    <div className="settings-actions">
      <button type="submit" className="primary" data-testid={submitTestId} disabled={busy || !dirty}>
        {submitLabel}
      </button>
      <button type="button" data-testid={resetTestId} disabled={!dirty} onClick={onReset}>
        Reset
      </button>
      {noteUnsaved && dirty && <span className="muted">unsaved changes</span>}
      {children}
    </div>
  );
}
