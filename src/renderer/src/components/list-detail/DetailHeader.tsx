import type { ReactNode } from 'react';

interface DetailHeaderProps {
  /** The title, badges and links. */
  children: ReactNode;
  onClose: () => void;
  closeLabel?: string;
}

/** A detail's header: what it shows, and the close button. */
export function DetailHeader({ children, onClose, closeLabel = 'Close detail (Esc)' }: DetailHeaderProps) {
  return (
    <header className="detail-header">
      <div className="detail-title">{children}</div>
      <button type="button" className="icon-button" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
        ×
      </button>
    </header>
  );
}
