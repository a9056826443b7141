import type { LifecycleKind, LifecycleSummary, OrderSummary, RecipientView } from '../../../../shared/lifecycle';
import { orderSummary, recipientView } from '../../analysis/lifecycle';
import type { ListedLifecycle } from './lifecycle-listing';

/** A row of the lifecycles table (migrations/0002-lifecycles.ts). */
export interface SummaryRow {
  key: string;
  kind: string;
  subject: string;
  order_uuid: string | null;
  recipient_key: string | null;
  recipient_email: string | null;
  current_status: string | null;
  terminal: number;
  reordered: number;
  event_count: number;
  delivery_count: number;
  first_event_time: string | null;
  last_event_time: string | null;
  error_count: number;
  warning_count: number;
  info_count: number;
  finding_codes: string;
  last_delivery_id: number;
}

export function toSummary(row: SummaryRow): ListedLifecycle {
  return {
    key: row.key,
    kind: row.kind as LifecycleKind,
    subject: row.subject,
    orderUuid: row.order_uuid,
    recipientKey: row.recipient_key,
    recipientEmail: row.recipient_email,
    currentStatus: row.current_status,
    terminal: row.terminal === 1,
    reordered: row.reordered === 1,
    eventCount: row.event_count,
    deliveryCount: row.delivery_count,
    firstEventTime: row.first_event_time,
    lastEventTime: row.last_event_time,
    findingCounts: { error: row.error_count, warning: row.warning_count, info: row.info_count },
    findingCodes: JSON.parse(row.finding_codes) as string[],
    lastDeliveryId: row.last_delivery_id,
  };
}

export interface OrderView {
  summary: OrderSummary;
  recipients: RecipientView[];
}

/** An order from its lifecycles, the recipient count it was created with (when created here) and the Form B sends stored. */
export function orderView(orderUuid: string, lifecycles: LifecycleSummary[], createdRecipients: number | null, formBSends: number): OrderView | null {
  if (lifecycles.length === 0) return null;
  const byRecipient = new Map<string, LifecycleSummary[]>();
  for (const l of lifecycles) {
    const key = l.recipientKey ?? `${orderUuid}|(unknown recipient)`;
    const group = byRecipient.get(key);
    if (group) group.push(l);
    else byRecipient.set(key, [l]);
  }
  return {
    summary: orderSummary(orderUuid, lifecycles, createdRecipients, formBSends),
    recipients: [...byRecipient].map(([key, ls]) => recipientView(key, ls)),
  };
}
