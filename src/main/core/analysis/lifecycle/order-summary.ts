import type { LifecycleSummary, OrderSummary } from '../../../../shared/lifecycle';
import { extremeTimeText } from './instant';
import { latestLifecycle } from './recipient-view';
import { countBySeverity } from './summary';

/** The count key of a recipient whose latest lifecycle reports no status. */
export const noStatus = '(none)';

function byRecipient(lifecycles: readonly LifecycleSummary[]): LifecycleSummary[][] {
  const groups = new Map<string | null, LifecycleSummary[]>();
  for (const l of lifecycles) {
    const group = groups.get(l.recipientKey);
    if (group) group.push(l);
    else groups.set(l.recipientKey, [l]);
  }
  return [...groups.values()];
}

/**
 * Recipients no event names that no delivery can account for either. Form B sends name no order and no
 * recipient (spec 2.3), so each one the store holds may be any crypto order's unnamed recipient: only
 * those past that count were not heard from at all.
 */
function unheardOf(unnamed: number, lifecycles: readonly LifecycleSummary[], formBSends: number): number {
  const crypto = lifecycles.some((l) => l.kind === 'crypto_send');
  return crypto ? Math.max(0, unnamed - formBSends) : unnamed;
}

/**
 * Derived, not reported: the service sends no order status (spec 1). Each recipient counts once, under
 * the current status of its latest lifecycle in event time (a canceled quote's reopened send replaces
 * it); the order is all terminal when every recipient's latest lifecycle is, and, when the inspector
 * knows how many recipients the order was created with, every one of them is named by an event.
 * `formBSends`: how many Form B sends the store holds (they may be the unnamed recipients').
 */
export function orderSummary(
  orderUuid: string,
  lifecycles: readonly LifecycleSummary[],
  createdRecipients: number | null = null,
  formBSends = 0,
): OrderSummary {
  const recipients = byRecipient(lifecycles);
  const unnamed = createdRecipients === null ? 0 : Math.max(0, createdRecipients - recipients.length);
  const latest = recipients.map((group) => latestLifecycle(group)).filter((l): l is LifecycleSummary => l !== undefined);
  // A Map, then own properties: a status named "__proto__" is counted, not assigned as a prototype.
  const counts = new Map<string, number>();
  for (const l of latest) counts.set(l.currentStatus ?? noStatus, (counts.get(l.currentStatus ?? noStatus) ?? 0) + 1);
  return {
    orderUuid,
    recipients: recipients.length,
    lifecycles: lifecycles.length,
    countsByStatus: Object.fromEntries(counts),
    createdRecipients,
    unnamedRecipients: unnamed,
    unheardRecipients: unheardOf(unnamed, lifecycles, formBSends),
    allTerminal: latest.length > 0 && unnamed === 0 && latest.every((l) => l.terminal),
    firstEventTime: extremeTimeText(lifecycles.map((l) => l.firstEventTime), 'earliest'),
    lastEventTime: extremeTimeText(lifecycles.map((l) => l.lastEventTime), 'latest'),
    findingCounts: lifecycles.reduce(
      (sum, l) => ({
        error: sum.error + l.findingCounts.error,
        warning: sum.warning + l.findingCounts.warning,
        info: sum.info + l.findingCounts.info,
      }),
      countBySeverity([]),
    ),
  };
}
