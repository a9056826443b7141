import { useCallback, useEffect, useRef, useState } from 'react';
import type { DeliverySummary } from '../../../../shared/delivery';

export interface MarkedDeliveries {
  ids: ReadonlySet<number>;
  /** Toggles one row; with `range`, marks every row from the last one toggled to this one. */
  toggle: (id: number, range: boolean) => void;
  clear: () => void;
}

/** The rows ticked in the list, for replaying or exporting several deliveries at once. */
export function useMarkedDeliveries(items: readonly DeliverySummary[]): MarkedDeliveries {
  const [ids, setIds] = useState<ReadonlySet<number>>(() => new Set());
  const anchor = useRef<number | null>(null);
  const itemsRef = useRef(items);
  useEffect(() => {
    itemsRef.current = items;
  });

  const toggle = useCallback((id: number, range: boolean) => {
    const from = anchor.current;
    anchor.current = id;
    setIds((current) => {
      const next = new Set(current);
      const list = itemsRef.current;
      const start = from === null ? -1 : list.findIndex((item) => item.id === from);
      const end = list.findIndex((item) => item.id === id);
      if (range && start >= 0 && end >= 0) {
        for (let index = Math.min(start, end); index <= Math.max(start, end); index++) next.add(list[index]!.id);
      } else if (next.has(id)) {
        next.delete(id);
      } else {
        next.add(id);
      }
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    anchor.current = null;
    setIds(new Set());
  }, []);

  return { ids, toggle, clear };
}
