import type { Lifecycle, LifecycleSummary } from '../../../../shared/lifecycle';
import type { Finding } from '../../../../shared/verdicts';
import { parseInstant } from './instant';

export function countBySeverity(findings: readonly Finding[]): LifecycleSummary['findingCounts'] {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  return counts;
}

/** A row of the lifecycles list. Events are in event-time order with the timed ones first. */
export function summarizeLifecycle(lifecycle: Lifecycle): LifecycleSummary {
  const timed = lifecycle.events.filter((event) => parseInstant(event.eventTime) !== null);
  return {
    key: lifecycle.key,
    kind: lifecycle.kind,
    subject: lifecycle.subject,
    orderUuid: lifecycle.orderUuid,
    recipientKey: lifecycle.recipientKey,
    recipientEmail: lifecycle.recipientEmail,
    currentStatus: lifecycle.currentStatus,
    terminal: lifecycle.terminal,
    reordered: lifecycle.reordered,
    eventCount: lifecycle.events.length,
    deliveryCount: lifecycle.events.reduce((sum, event) => sum + event.deliveryIds.length, 0),
    firstEventTime: timed[0]?.eventTime ?? null,
    lastEventTime: timed.at(-1)?.eventTime ?? null,
    findingCounts: countBySeverity(lifecycle.findings),
    findingCodes: [...new Set(lifecycle.findings.map((f) => f.code))].sort(),
  };
}
