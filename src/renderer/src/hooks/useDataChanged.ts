import { useEffect, useRef } from 'react';
import { useReconnected, useServerEvent } from './useEventStream';

/**
 * Run `handler` when stored deliveries change (new ones, verdicts recomputed, or events
 * possibly missed during a reconnect), coalesced: at most once per `delayMs`, however
 * many events come meanwhile. For views derived from many deliveries (duplicate
 * groups, lifecycles, orders) that reload rather than catch up.
 */
export function useDataChanged(handler: () => void, delayMs = 400): void {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });

  const schedule = () => {
    if (timer.current !== undefined) return;
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      latest.current();
    }, delayMs);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);
  useServerEvent('deliveries.changed', schedule);
  useServerEvent('deliveries.reanalyzed', schedule);
  useReconnected(schedule);
}
