import type { ReactNode } from 'react';

interface DetailSectionProps {
  title: string;
  testId?: string;
  /** Counts and actions shown at the right of the title. */
  aside?: ReactNode;
  children: ReactNode;
}

export function DetailSection({ title, testId, aside, children }: DetailSectionProps) {
  return (
    <section className="detail-section" data-testid={testId} aria-label={title}>
      <header className="detail-section-header">
        <h3>{title}</h3>
        {aside && <div className="detail-section-aside">{aside}</div>}
      </header>
      {children}
    </section>
  );
}
