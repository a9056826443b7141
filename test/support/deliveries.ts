import { randomUUID } from 'node:crypto';
import { signBody } from '../../src/main/core/analysis/signature';

export const testSecret = 'whsec_integration_test_secret';

/** A conformant gift-card delivery body (spec 2.2), as the service would send it. */
export function giftCardBody(overrides: Record<string, unknown> = {}): Buffer {
  return Buffer.from(
    JSON.stringify({
      event: 'payout.processing',
      payout_type: 'gift_cards',
      subject_type: 'recipient',
      status: 'processing',
      updated_at: '2026-11-20T10:00:00Z',
      payout_order_uuid: '5b0c6b8e-3a43-4d8e-9f3c-2f1d8c1e7a10',
      recipient_uuid: '0f8e3f8a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
      recipient_email: 'ada@example.com',
      recipient_name: 'Ada Lovelace',
      sent_at: '2026-11-20T09:59:00Z',
      viewed_at: null,
      expires_at: '2027-11-20T00:00:00Z',
      currency: 'EUR',
      ...overrides,
    }),
  );
}

/** The spec 2.1 headers for a body, signed with the secret when one is given. */
export function serviceHeaders(body: Buffer, secret: string | null = testSecret): Record<string, string> {
  const event = (JSON.parse(body.toString('utf8')) as { event: string }).event;
  return {
    'Content-Type': 'application/json',
    'User-Agent': 'Service-Webhooks/1.0',
    'X-Service-Event': event,
    ...(secret === null ? {} : { 'X-Service-Signature': signBody(body, secret) }),
    'X-Service-Delivery': randomUUID(),
    'X-Service-Timestamp': String(Math.floor(Date.now() / 1000)),
  };
}
