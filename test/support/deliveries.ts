import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';

export const testSecret = 'whsec_integration_test_secret';

/** The bytes of a conformant gift-card recipient event (spec 2.2), with fields overridden. */
export function giftCardBody(overrides: Record<string, unknown> = {}): Buffer {
  return Buffer.from(bodyText(giftCardRecipientBody(overrides)), 'utf8');
}

/** The spec 2.1 headers for a body: signed with the secret, or without X-Service-Signature when it is null. */
export function serviceHeaders(body: Buffer, secret: string | null = testSecret): Record<string, string> {
  const { headers } = signedDelivery(body, secret ?? 'unused', { timestamp: String(Math.floor(Date.now() / 1000)) });
  if (secret === null) delete headers['X-Service-Signature'];
  return headers;
}
