import type { Finding, PayloadForm } from '../../../../shared/verdicts';
import { isKnownEvent, isWellFormedEventName } from '../../../../shared/payloads/events';
import { serviceHeaders, type RequestHeaders } from '../headers';
import { field, has, type JsonObject } from '../json-access';
import { finding } from './catalog';
import { quote } from './text';

/** What the body's event says of itself: present, a string, a well-formed and known name. */
function eventFindings(body: JsonObject): Finding[] {
  if (!has(body, 'event')) return [finding('envelope.event_missing', '$.event', 'The body has no "event" key.')];
  const event = field(body, 'event');
  if (typeof event !== 'string') return [finding('envelope.event_not_string', '$.event', '"event" is not a string.')];
  if (!isWellFormedEventName(event)) {
    return [
      finding(
        'envelope.event_bad_name',
        '$.event',
        `Event ${quote(event)} is not a lowercase <domain>.<action> name; receivers ignore unknown events.`,
      ),
    ];
  }
  if (!isKnownEvent(event)) return [finding('envelope.event_unrecognized', '$.event', `Event ${quote(event)} is unrecognized (receivers ignore these).`)];
  return [];
}

/** X-Service-Event against the body's event (a string one: else the body's own finding says why). */
export function eventHeaderFindings(body: JsonObject, headers: RequestHeaders): Finding[] {
  const event = field(body, 'event');
  const header = headers.value(serviceHeaders.event);
  if (typeof event !== 'string' || header === null || header === event) return [];
  return [
    finding('header.event_mismatch', `headers.${serviceHeaders.event}`, `X-Service-Event is ${quote(header)} but the body event is ${quote(event)}.`),
  ];
}

function payoutTypeFindings(body: JsonObject, form: PayloadForm): Finding[] {
  // Form A's field table has no payout_type; the other forms are recognized by theirs.
  if (form !== 'unknown') return [];
  if (!has(body, 'payout_type')) {
    return [
      finding('envelope.payout_type_missing', '$.payout_type', 'The body has no "payout_type", so it cannot be routed (spec 6 rule 3).'),
    ];
  }
  const payoutType = field(body, 'payout_type');
  if (typeof payoutType !== 'string')
    return [finding('envelope.payout_type_not_string', '$.payout_type', '"payout_type" is not a string.')];
  if (payoutType !== 'crypto') {
    return [
      finding('envelope.payout_type_unknown', '$.payout_type', `payout_type ${quote(payoutType)} is neither "crypto" nor "gift_cards".`),
    ];
  }
  return [];
}

/** What every JSON-object body is checked for, from the body alone: its event and its payout type. */
export function envelopeFindings(body: JsonObject, form: PayloadForm): Finding[] {
  return [...eventFindings(body), ...payoutTypeFindings(body, form)];
}

/** A crypto body that is neither Form A (no external_send_id) nor a Form B candidate (no data). */
export function cryptoShapeFinding(): Finding {
  return finding(
    'envelope.crypto_shape_unrecognized',
    '$',
    'A crypto body matches neither Form A (needs "external_send_id") nor Form B (exactly "event", "payout_type", "data").',
  );
}
