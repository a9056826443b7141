import { buildDeliveryRecord } from '../../src/main/core/delivery-record/build-record';
import { bodyText, signedDelivery } from '../fixtures/payloads';
import { testSecret } from './deliveries';

/** A delivery of the body as received just now, signed with the test secret and analyzed, ready to store. */
export function signedRecord(body: unknown) {
  const delivery = signedDelivery(Buffer.from(bodyText(body)), testSecret);
  const raw = { method: 'POST', path: '/hook', query: '', headers: Object.entries(delivery.headers), body: delivery.body, bodyTruncated: false };
  const facts = { receivedAt: Date.now(), remoteAddress: '127.0.0.1', tls: true, imported: false };
  return buildDeliveryRecord(raw, facts, testSecret, () => ({ status: 200, body: '{}', reason: 'test' }));
}
