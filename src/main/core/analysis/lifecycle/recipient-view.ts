import type { LifecycleSummary, RecipientView } from '../../../../shared/lifecycle';
import { compareTimeTexts, parseInstant, compareInstants } from './instant';

/** Earliest first event first; lifecycles without event times last; then by key, so the order is stable. */
function byFirstEventTime(a: LifecycleSummary, b: LifecycleSummary): number {
  return compareTimeTexts(a.firstEventTime, b.firstEventTime) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Later last event first; a lifecycle without event times counts as the earliest. */
function laterLastEvent(a: LifecycleSummary, b: LifecycleSummary): number {
  const ia = parseInstant(a.lastEventTime);
  const ib = parseInstant(b.lastEventTime);
  if (ia === null || ib === null) return ia === ib ? 0 : ia === null ? -1 : 1;
  return compareInstants(ia, ib);
}

/**
 * The lifecycle whose last event is the latest in event time (one with a status preferred): it gives a
 * recipient its current state. Among equal times the later-starting one wins.
 */
export function latestLifecycle(lifecycles: readonly LifecycleSummary[]): LifecycleSummary | undefined {
  const withStatus = lifecycles.filter((l) => l.currentStatus !== null);
  const candidates = [...(withStatus.length > 0 ? withStatus : lifecycles)].sort(byFirstEventTime);
  return candidates.reduce<LifecycleSummary | undefined>(
    (latest, l) => (latest === undefined || laterLastEvent(l, latest) >= 0 ? l : latest),
    undefined,
  );
}

/** A recipient within its order: all its sends and gift-card streams in time order, and its latest state. */
export function recipientView(recipientKey: string, lifecycles: readonly LifecycleSummary[]): RecipientView {
  const ordered = [...lifecycles].sort(byFirstEventTime);
  const orderFromKey = recipientKey.includes('|') ? recipientKey.slice(0, recipientKey.indexOf('|')) : null;
  return {
    recipientKey,
    orderUuid: ordered.find((l) => l.orderUuid !== null)?.orderUuid ?? orderFromKey,
    email: ordered.find((l) => l.recipientEmail !== null)?.recipientEmail ?? null,
    lifecycles: ordered,
    latestStatus: latestLifecycle(ordered)?.currentStatus ?? null,
  };
}
