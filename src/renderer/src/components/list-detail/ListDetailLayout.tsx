import { useRef, type ReactNode } from 'react';
import { SplitHandle } from './SplitHandle';
import { useSplitWidth } from './useSplitWidth';

interface ListDetailLayoutProps {
  /** The list pane's toolbar, messages and list. */
  children: ReactNode;
  /** The detail pane beside the list; the list narrows while it is open, as far as the user drags the handle. */
  detail: ReactNode | null;
  testId?: string;
}

/** The list views' split: a list, and the selected item's detail beside it, with a handle between them. */
export function ListDetailLayout({ children, detail, testId }: ListDetailLayoutProps) {
  const open = detail !== null && detail !== false;
  const containerRef = useRef<HTMLDivElement | null>(null);
  const [percent, setPercent] = useSplitWidth();
  return (
    <div ref={containerRef} className={`deliveries-view${open ? ' with-detail' : ''}`} data-testid={testId}>
      <div className="list-pane" data-testid="list-pane" style={open ? { flexBasis: `${percent}%` } : undefined}>
        {children}
      </div>
      {open && <SplitHandle percent={percent} onChange={setPercent} containerRef={containerRef} />}
      {open && detail}
    </div>
  );
}
