import { LosslessNumber, isLosslessNumber, parse, stringify } from 'lossless-json';
import { hashText } from '../seeded-random';

import { faultNames, type FaultName } from '../names';

/** Deliberate deviations for testing a receiver; each is off unless switched on. */
export { faultNames, type FaultName };
export type FaultSwitches = Partial<Record<FaultName, boolean>>;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** The first field the body has, of: the gift-card amount, data.id, external_send_id, updated_at; retyped. */
function breakFieldType(body: JsonObject): boolean {
  const data = body.data;
  if (isLosslessNumber(body.amount)) body.amount = body.amount.value;
  else if (isObject(data) && isLosslessNumber(data.id)) data.id = data.id.value;
  else if (typeof body.external_send_id === 'string' && /^\d+$/.test(body.external_send_id)) {
    body.external_send_id = new LosslessNumber(body.external_send_id);
  } else if (typeof body.updated_at === 'string') {
    body.updated_at = new LosslessNumber(String(Math.floor(Date.parse(body.updated_at) / 1000)));
  } else return false;
  return true;
}

/** Spec 2.2 rule 2 broken on purpose: a card PIN in a gift-card body. */
function leakCardPin(body: JsonObject, bodyText: string): boolean {
  if (body.payout_type !== 'gift_cards') return false;
  body.pin = String(hashText(bodyText) % 10_000).padStart(4, '0');
  return true;
}

/**
 * The body faults switched on, applied once per event so that every attempt and duplicate sends the same bytes.
 * Returns the original text untouched when none applies.
 */
export function applyBodyFaults(bodyText: string, faults: FaultSwitches): { bodyText: string; applied: FaultName[] } {
  if (!faults.wrong_field_type && !faults.leaked_card_pin) return { bodyText, applied: [] };
  const body = parse(bodyText);
  if (!isObject(body)) return { bodyText, applied: [] };
  const applied: FaultName[] = [];
  if (faults.wrong_field_type && breakFieldType(body)) applied.push('wrong_field_type');
  if (faults.leaked_card_pin && leakCardPin(body, bodyText)) applied.push('leaked_card_pin');
  return applied.length === 0 ? { bodyText, applied } : { bodyText: stringify(body) ?? bodyText, applied };
}

/** Header faults apply to every event. */
export function headerFaults(faults: FaultSwitches): FaultName[] {
  return (['wrong_signature', 'event_header_mismatch'] as const).filter((name) => faults[name] === true);
}

/** A known event name other than `event`, for the mismatched X-Service-Event fault. */
export function mismatchedEventName(event: string): string {
  return event === 'payout.processing' ? 'payout.failed' : 'payout.processing';
}
