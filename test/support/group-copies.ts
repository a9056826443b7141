import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { testSecret } from './deliveries';
import { post } from './https-client';

/** A gift card with one key; a changed recipient_name changes its bytes, not its key (spec 6 rule 4). */
export const copyOf = (overrides: Record<string, unknown> = {}) => Buffer.from(bodyText(giftCardRecipientBody(overrides)));

/**
 * Posts one copy of a duplicate group to the receiver: with this X-Service-Delivery (null: none), signed with the
 * test secret or (`signed` false) another; gives the id it was stored under and the status it was answered with.
 */
export async function sendCopy(receiverUrl: string, body: Buffer, deliveryId: string | null, signed = true): Promise<{ id: number; status: number }> {
  const { headers } = signedDelivery(body, signed ? testSecret : 'another secret', { deliveryId: deliveryId ?? undefined });
  if (deliveryId === null) delete (headers as Record<string, string>)['X-Service-Delivery'];
  const answer = await post(`${receiverUrl}/webhooks`, body, headers);
  return { id: Number(answer.headers['x-inspector-delivery-id']), status: answer.status };
}
