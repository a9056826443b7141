import type { DispatchEvent, SimulatorBehaviour } from '../../../../shared/simulator';

export type DispatchStatus = DispatchEvent['status'];
export type FaultName = DispatchEvent['faults'][number];
export type DeliveryIdMode = SimulatorBehaviour['deliveryIdMode'];

export const dispatchStatusWords: Record<DispatchStatus, string> = {
  pending: 'pending',
  delivered: 'delivered',
  abandoned: 'abandoned',
  failed_permanently: 'failed permanently',
};

export const dispatchStatusExplanations: Record<DispatchStatus, string> = {
  pending: 'Not acknowledged yet: queued, in flight, or waiting for its next retry.',
  delivered: 'The receiver answered 2xx.',
  abandoned: 'The receiver answered 4xx, so the event was dropped at once, not retried.',
  failed_permanently: 'Every attempt failed (5xx, 3xx, timeout or connection failure); it can be re-sent.',
};

/** Exhaustive by type, so its keys are the complete list (the renderer has no zod at runtime). */
export const dispatchStatusList = Object.keys(dispatchStatusWords) as DispatchStatus[];

export const faultWords: Record<FaultName, { label: string; short: string; explanation: string }> = {
  wrong_signature: {
    label: 'Wrong signature',
    short: 'bad sig',
    explanation: 'X-Service-Signature is an HMAC with another secret: a receiver must reject it.',
  },
  event_header_mismatch: {
    label: 'Mismatched X-Service-Event',
    short: 'event hdr',
    explanation: 'The X-Service-Event header names another event than the body.',
  },
  wrong_field_type: {
    label: 'A field of the wrong type',
    short: 'field type',
    explanation: 'One field has the wrong JSON type, e.g. the gift-card amount as a string or updated_at as a number.',
  },
  leaked_card_pin: {
    label: 'A card PIN leaked in a gift-card body',
    short: 'PIN',
    explanation: 'A gift-card body carries a card PIN, which the spec says is never sent.',
  },
};

export const faultList = Object.keys(faultWords) as FaultName[];

export const deliveryIdModeWords: Record<DeliveryIdMode, { label: string; explanation: string }> = {
  fixed: { label: 'fixed across retries', explanation: 'Every retry of an event carries the same UUID.' },
  per_attempt: { label: 'new per attempt', explanation: 'Every attempt, retries included, carries a new UUID.' },
};

export const deliveryIdModeList = Object.keys(deliveryIdModeWords) as DeliveryIdMode[];

/** `crypto_form_b_failed` → `crypto form b failed`. */
export function scenarioWords(scenario: string): string {
  return scenario.replaceAll('_', ' ');
}
