import type { Finding } from '../../../../shared/verdicts';
import type { Lifecycle } from '../../../../shared/lifecycle';

export interface LifecyclePosition {
  /** 1-based in event-time order; a duplicate shares its first copy's. */
  eventRank: number;
  /** 1-based in arrival order of the lifecycle's events (first copies). */
  arrivalRank: number;
  /** The lifecycle findings about this delivery's event. */
  findings: Finding[];
}

/** Where one delivery stands in its lifecycle. */
export function lifecyclePosition(lifecycle: Lifecycle, deliveryId: number): LifecyclePosition | null {
  const event = lifecycle.events.find((e) => e.deliveryIds.includes(deliveryId));
  return event ? { eventRank: event.eventRank, arrivalRank: event.arrivalRank, findings: event.findings } : null;
}
