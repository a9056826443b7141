import { useMemo, type KeyboardEvent } from 'react';
import type { DispatchEvent } from '../../../../shared/simulator';
import { useVirtualRows } from '../../components/virtual-list/useVirtualRows';
import { useNow } from '../../hooks/useNow';
import { EventListHeader, EventRow, eventHeaderHeight, eventRowDomId, eventRowHeight } from './EventRow';

interface EventTableProps {
  /** Newest first. */
  events: readonly DispatchEvent[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
}

const eventKey = (event: DispatchEvent) => event.id;

/** The simulator's events, fixed-height rows, only the visible ones in the DOM (it can hold thousands). */
export function EventTable({ events, selectedId, onSelect }: EventTableProps) {
  const counting = useMemo(() => events.some((event) => event.status === 'pending' && event.nextAttemptAt !== null), [events]);
  const now = useNow(1_000, counting);
  const { scrollRef, virtualizer, virtualRows, selectedIndex } = useVirtualRows({
    items: events,
    itemKey: eventKey,
    rowHeight: eventRowHeight,
    headerHeight: eventHeaderHeight,
    overscan: 20,
    selectedKey: selectedId,
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = { ArrowDown: selectedIndex + 1, ArrowUp: Math.max(selectedIndex - 1, 0), Home: 0, End: events.length - 1 };
    if (event.key === 'Escape' && selectedId !== null) {
      onSelect(null);
    } else if (event.key in moves) {
      const target = events[Math.min(Math.max(moves[event.key]!, 0), events.length - 1)];
      if (target) onSelect(target.id);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <div
      ref={scrollRef}
      className="event-list-scroll"
      role="listbox"
      aria-label="Simulator events, newest first"
      tabIndex={0}
      data-testid="simulator-events"
      data-count={events.length}
      aria-activedescendant={selectedIndex >= 0 && selectedId !== null ? eventRowDomId(selectedId) : undefined}
      onKeyDown={onKeyDown}
    >
      <EventListHeader />
      <div className="event-list-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {virtualRows.map((row) => {
          const event = events[row.index];
          if (!event) return null;
          return (
            <EventRow key={event.id} event={event} top={row.start - eventHeaderHeight} now={now} selected={event.id === selectedId} onSelect={onSelect} />
          );
        })}
      </div>
    </div>
  );
}
