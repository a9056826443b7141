import type { ReactNode } from 'react';

interface ListDetailLayoutProps {
  /** The list pane's toolbar, messages and list. */
  children: ReactNode;
  /** The detail pane beside the list; the list narrows while it is open. */
  detail: ReactNode | null;
  testId?: string;
}

/** The list views' split: a list, and the selected item's detail beside it. */
export function ListDetailLayout({ children, detail, testId }: ListDetailLayoutProps) {
  const open = detail !== null && detail !== false;
  return (
    <div className={`deliveries-view${open ? ' with-detail' : ''}`} data-testid={testId}>
      <div className="list-pane">{children}</div>
      {open && detail}
    </div>
  );
}
