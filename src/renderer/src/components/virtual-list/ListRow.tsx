import type { ReactNode } from 'react';

interface ListRowProps {
  /** The DOM id, for the list's aria-activedescendant. */
  domId: string;
  /** The row and column classes, e.g. `delivery-row columns`; ` selected` is added. */
  className: string;
  selected: boolean;
  /** Pixel offset inside the virtual list, and the fixed row height. */
  top: number;
  height: number;
  testId: string;
  /** The row's `data-*` attributes, for tests. */
  data?: Record<`data-${string}`, string | number | boolean | null | undefined>;
  onSelect: () => void;
  children: ReactNode;
}

/** One option of a virtual list, placed at its offset. */
export function ListRow({ domId, className, selected, top, height, testId, data, onSelect, children }: ListRowProps) {
  return (
    <div
      id={domId}
      role="option"
      aria-selected={selected}
      className={`${className}${selected ? ' selected' : ''}`}
      data-testid={testId}
      {...data}
      style={{ transform: `translateY(${top}px)`, height }}
      onClick={onSelect}
    >
      {children}
    </div>
  );
}
