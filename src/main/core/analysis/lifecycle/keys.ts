import type { LifecycleKind } from '../../../../shared/lifecycle';
import { isJsonNumber, jsonNumberText } from '../../../../shared/payloads/json-values';
import type { PayloadForm } from '../../../../shared/verdicts';
import { field, stringField, type JsonObject } from '../json-access';
import type { LifecycleKeys } from '../types';
import { isRecognizedEvent } from './recognized-event';

export const noLifecycleKeys: LifecycleKeys = {
  lifecycleKey: null,
  kind: null,
  subject: null,
  orderUuid: null,
  recipientKey: null,
  recipientEmail: null,
  status: null,
};

/** Emails are matched case-insensitively: a recipient is one person however the address is capitalised. */
export function recipientKeyOf(orderUuid: string | null, email: string | null): string | null {
  return orderUuid === null || email === null ? null : `${orderUuid}|${email.toLowerCase()}`;
}

/** Form B's data.id as written: an Integer by the spec, a string tolerated so that the send still groups. */
function formBSendId(body: JsonObject): string | null {
  const id = field(field(body, 'data'), 'id');
  if (isJsonNumber(id)) return jsonNumberText(id);
  return typeof id === 'string' && id !== '' ? id : null;
}

function formAKeys(body: JsonObject): LifecycleKeys {
  const sendId = stringField(body, 'external_send_id');
  if (sendId === null) return noLifecycleKeys;
  const orderUuid = stringField(body, 'payout_order_uuid');
  const email = stringField(body, 'recipient_email');
  return {
    lifecycleKey: `send:${sendId}`,
    kind: 'crypto_send',
    subject: sendId,
    orderUuid,
    recipientKey: recipientKeyOf(orderUuid, email),
    recipientEmail: email,
    status: stringField(body, 'status'),
  };
}

function formBKeys(body: JsonObject): LifecycleKeys {
  const sendId = formBSendId(body);
  if (sendId === null) return noLifecycleKeys;
  // Form B names no order and no recipient (spec 2.3), so its sends stand alone.
  return {
    ...noLifecycleKeys,
    lifecycleKey: `form_b:${sendId}`,
    kind: 'crypto_form_b',
    subject: sendId,
    status: stringField(field(body, 'data'), 'status'),
  };
}

/** One stream per (order, recipient, subject type); each redeemed card's payout is its own stream (spec 1). */
function giftCardKeys(body: JsonObject): LifecycleKeys {
  const orderUuid = stringField(body, 'payout_order_uuid');
  const email = stringField(body, 'recipient_email');
  const subjectType = stringField(body, 'subject_type');
  let stream: { key: string; kind: LifecycleKind; subject: string } | null = null;
  if (subjectType === 'recipient') {
    const recipientUuid = stringField(body, 'recipient_uuid');
    if (orderUuid !== null && recipientUuid !== null) {
      stream = { key: `gift:${orderUuid}|${recipientUuid}|recipient`, kind: 'gift_card_recipient', subject: recipientUuid };
    }
  } else if (subjectType === 'payout') {
    const payoutUuid = stringField(body, 'payout_uuid');
    if (payoutUuid !== null) stream = { key: `gift:payout:${payoutUuid}`, kind: 'gift_card_payout', subject: payoutUuid };
  }
  if (stream === null) return noLifecycleKeys;
  return {
    lifecycleKey: stream.key,
    kind: stream.kind,
    subject: stream.subject,
    orderUuid,
    recipientKey: recipientKeyOf(orderUuid, email),
    recipientEmail: email,
    status: stringField(body, 'status'),
  };
}

/** Which lifecycle a delivery belongs to, and what it says about it; all null when it belongs to none. */
export function lifecycleKeys(form: PayloadForm, body: JsonObject | null): LifecycleKeys {
  if (body === null) return noLifecycleKeys;
  switch (form) {
    case 'crypto_form_a':
      return formAKeys(body);
    case 'crypto_form_b':
      return formBKeys(body);
    case 'gift_cards':
      return giftCardKeys(body);
    default:
      return noLifecycleKeys;
  }
}

/**
 * A delivery's own keys: its lifecycle's, but an event its kind does not name joins no order and no recipient on its
 * own, as a lifecycle is attributed from its recognized events only (reconstruct.ts); so the detail of such a
 * delivery links to its lifecycle and not to an order or a recipient that no lifecycle joins.
 */
export function deliveryLifecycleKeys(form: PayloadForm, body: JsonObject | null, event: string | null): LifecycleKeys {
  const keys = lifecycleKeys(form, body);
  if (keys.kind === null || isRecognizedEvent(keys.kind, event)) return keys;
  return { ...keys, orderUuid: null, recipientKey: null, recipientEmail: null };
}
