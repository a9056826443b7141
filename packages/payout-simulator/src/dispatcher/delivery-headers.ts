import { signBody } from '@webhook-inspector/service-signature';
import { mismatchedEventName, type FaultName } from './faults';

export const userAgent = 'Service-Webhooks/1.0';

export interface DeliveryHeaderInput {
  event: string;
  body: Uint8Array;
  secret: string;
  deliveryId: string;
  dispatchedAtMs: number;
  faults: readonly FaultName[];
}

/** The spec 2.1 headers of one attempt: the signature covers exactly these body bytes. */
export function deliveryHeaders(input: DeliveryHeaderInput): Record<string, string> {
  const signingSecret = input.faults.includes('wrong_signature') ? `${input.secret}-not-the-account-secret` : input.secret;
  return {
    'Content-Type': 'application/json',
    'User-Agent': userAgent,
    'X-Service-Event': input.faults.includes('event_header_mismatch') ? mismatchedEventName(input.event) : input.event,
    'X-Service-Signature': signBody(input.body, signingSecret),
    'X-Service-Delivery': input.deliveryId,
    'X-Service-Timestamp': String(Math.floor(input.dispatchedAtMs / 1000)),
  };
}
