import type { ApiPayoutView, Unmatched } from '../../../shared/reconcile';

/**
 * The API's list items read for what both sides carry. The spec shows neither list's item shape (2.7), so each field is
 * looked for under the names a service would use (the simulator's first), nested or flat, and left null when absent;
 * unknown fields are ignored (spec 9). Nothing here throws on an item of another shape.
 */

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string or an integer given as the field's value; null otherwise (an object, an empty string). */
function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isInteger(value)) return String(value);
  return null;
}

/** The first of the paths (`a.b` nested) that holds a usable value. */
function firstOf(item: Json, paths: readonly string[]): string | null {
  for (const path of paths) {
    let value: unknown = item;
    for (const part of path.split('.')) value = isObject(value) ? value[part] : undefined;
    const found = text(value);
    if (found !== null) return found;
  }
  return null;
}

/** A time as an ISO-8601 text the clock can read; a text that is not one is dropped (null). */
function time(value: string | null): string | null {
  return value !== null && Number.isFinite(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : null;
}

/** One item of /api/payouts; an item that is not an object, or carries no identifier at all, is not matched. */
export function readApiPayout(item: unknown, page: number, index: number, readAt = new Date(0).toISOString()): ApiPayoutView | Unmatched {
  if (!isObject(item)) return { what: 'api_payout', id: null, why: `item ${index + 1} of page ${page} is not a JSON object` };
  const view: ApiPayoutView = {
    uuid: firstOf(item, ['uuid', 'payout_uuid', 'id']),
    orderUuid: firstOf(item, ['payout_order_uuid', 'order_uuid', 'payout_order.uuid', 'payout_order_id']),
    recipientUuid: firstOf(item, ['recipient_uuid', 'recipient.uuid', 'recipient_id']),
    recipientEmail: firstOf(item, ['recipient_email', 'recipient.email', 'email']),
    sendId: firstOf(item, ['external_send_id', 'send_id', 'send.id']),
    payoutType: firstOf(item, ['payout_type', 'type']),
    status: firstOf(item, ['status', 'state']),
    createdAt: time(firstOf(item, ['created_at'])),
    updatedAt: time(firstOf(item, ['updated_at', 'status_changed_at', 'completed_at'])),
    page,
    index,
    readAt,
  };
  if (view.uuid === null && view.sendId === null && (view.orderUuid === null || (view.recipientEmail === null && view.recipientUuid === null))) {
    return {
      what: 'api_payout',
      id: null,
      why: `item ${index + 1} of page ${page} carries no identifier both sides have (payout, order and recipient UUIDs, email, send id)`,
    };
  }
  return view;
}

export interface ApiOrderFacts {
  uuid: string;
  /** null: the order has none (spec 1: it fires no webhooks); undefined: the item does not say. */
  callbackUrl: string | null | undefined;
  /** Its recipients as listed, to fill what a payout item leaves out. */
  recipients: Array<{ uuid: string | null; payoutUuid: string | null; email: string | null }>;
}

/** One item of /api/payout-orders, or null when it names no order. */
export function readApiOrder(item: unknown): ApiOrderFacts | null {
  if (!isObject(item)) return null;
  const uuid = firstOf(item, ['uuid', 'payout_order_uuid', 'id']);
  if (uuid === null) return null;
  const callback = 'callback_url' in item ? (typeof item.callback_url === 'string' && item.callback_url !== '' ? item.callback_url : null) : undefined;
  const recipients = Array.isArray(item.recipients)
    ? item.recipients.filter(isObject).map((r) => ({
        uuid: firstOf(r, ['uuid', 'recipient_uuid']),
        payoutUuid: firstOf(r, ['payout_uuid']),
        email: firstOf(r, ['email', 'recipient_email']),
      }))
    : [];
  return { uuid, callbackUrl: callback, recipients };
}

/** A payout's missing order, recipient and email filled from the orders' recipient lists (by payout UUID), and its callback URL. */
export function withOrderFacts(payout: ApiPayoutView, orders: ReadonlyMap<string, ApiOrderFacts>, byPayoutUuid: ReadonlyMap<string, ApiOrderFacts>): ApiPayoutView {
  const order = (payout.orderUuid !== null ? orders.get(payout.orderUuid) : undefined) ?? (payout.uuid !== null ? byPayoutUuid.get(payout.uuid) : undefined);
  if (!order) return payout;
  const recipient = order.recipients.find((r) => (payout.uuid !== null && r.payoutUuid === payout.uuid) || (payout.recipientUuid !== null && r.uuid === payout.recipientUuid));
  return {
    ...payout,
    orderUuid: payout.orderUuid ?? order.uuid,
    recipientUuid: payout.recipientUuid ?? recipient?.uuid ?? null,
    recipientEmail: payout.recipientEmail ?? recipient?.email ?? null,
    ...(order.callbackUrl !== undefined ? { callbackUrl: order.callbackUrl } : {}),
  };
}

/** Orders by UUID, and by each of their recipients' payout UUIDs. */
export function indexOrders(orders: readonly ApiOrderFacts[]): { byUuid: Map<string, ApiOrderFacts>; byPayoutUuid: Map<string, ApiOrderFacts> } {
  const byUuid = new Map<string, ApiOrderFacts>();
  const byPayoutUuid = new Map<string, ApiOrderFacts>();
  for (const order of orders) {
    byUuid.set(order.uuid, order);
    for (const r of order.recipients) if (r.payoutUuid !== null) byPayoutUuid.set(r.payoutUuid, order);
  }
  return { byUuid, byPayoutUuid };
}
