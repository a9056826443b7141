import { createHash } from 'node:crypto';
import type { StoredDelivery } from '../../../src/main/core/export/selection';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../../fixtures/payloads';

export const realSecret = 'whsec_real_secret_never_exported';

/** A stored gift-card delivery as the export code reads it, signed with the real secret. */
export function storedGiftCard(overrides: Partial<StoredDelivery> = {}): StoredDelivery {
  const { body, headers } = signedDelivery(bodyText(giftCardRecipientBody()), realSecret, { deliveryId: 'd-1' });
  return {
    id: 7,
    receivedAt: Date.parse('2026-03-02T10:15:31.000Z'),
    method: 'POST',
    path: '/webhooks',
    query: '',
    headers: [['Host', '127.0.0.1:8443'], ['Content-Length', String(body.byteLength)], ...Object.entries(headers)],
    body,
    bodySha256: createHash('sha256').update(body).digest('hex'),
    bodyTruncated: false,
    remoteAddress: '127.0.0.1',
    tls: true,
    imported: false,
    response: { status: 200, body: '{"received":true}', reason: 'policy: default', afterMs: 4 },
    analysis: {
      form: 'gift_cards',
      event: 'payout.processing',
      payoutType: 'gift_cards',
      deliveryId: 'd-1',
      signature: 'valid',
      idempotencyKey: 'k',
      findings: [],
    },
    ...overrides,
  };
}
