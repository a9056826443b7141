import type { ListEndpoint } from '../../../shared/service-api';
import { emptyApiRoute } from './api-route';
import type { Route, UuidMention } from './route';

/** Where each link of the inspector goes: one place, so the views agree. */
export const routes = {
  delivery: (id: number): Route => ({ view: 'deliveries', deliveryId: id, filter: {} }),
  duplicateGroup: (firstId: number): Route => ({ view: 'duplicates', firstId }),
  lifecycle: (key: string): Route => ({ view: 'lifecycles', key, filter: {} }),
  order: (orderUuid: string, recipientKey: string | null = null): Route => ({ view: 'orders', orderUuid, recipientKey }),
  /** A recipient is shown inside its order, opened. */
  recipient: (orderUuid: string, recipientKey: string): Route => ({ view: 'orders', orderUuid, recipientKey }),
  lifecyclesOfOrder: (orderUuid: string): Route => ({ view: 'lifecycles', key: null, filter: { orderUuid } }),
  formBSends: (): Route => ({ view: 'lifecycles', key: null, filter: { kind: 'crypto_form_b' } }),
  lifecyclesOfRecipient: (orderUuid: string, recipientKey: string): Route => ({
    view: 'lifecycles',
    key: null,
    filter: { orderUuid, recipientKey },
  }),
  /** Deliveries whose body mentions the text (a UUID, usually); `mention` says what the UUID is, to explain an empty result. */
  deliveriesMentioning: (text: string, mention?: UuidMention): Route => ({
    view: 'deliveries',
    deliveryId: null,
    filter: { text },
    ...(mention ? { mention } : {}),
  }),
  /** The handler check, its next run also sending these stored deliveries. */
  checkWithDeliveries: (deliveryIds: number[]): Route => ({ view: 'check', deliveryIds }),
  /** Two stored deliveries side by side (`webhook-inspector diff LEFT RIGHT`). */
  compare: (left: number, right: number): Route => ({ view: 'compare', left, right }),
  /** A list of the service's API, page 1. */
  apiList: (endpoint: ListEndpoint, campaignId: string | null = null): Route => ({ ...emptyApiRoute, endpoint, campaignId }),
};

/** The recipient key of an email within an order, as the lifecycles name it. */
export function recipientKeyOf(orderUuid: string, email: string): string {
  return `${orderUuid}|${email.toLowerCase()}`;
}

/** A recipient key is `<order uuid>|<email, lower-cased>`. */
export function orderOfRecipientKey(recipientKey: string): string | null {
  const bar = recipientKey.indexOf('|');
  return bar > 0 ? recipientKey.slice(0, bar) : null;
}

/** The first block of a UUID, enough to tell orders apart at a glance. */
export function shortUuid(uuid: string): string {
  return uuid.length > 13 ? `${uuid.slice(0, 8)}…` : uuid;
}
