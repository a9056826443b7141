import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';

describe('receiver over real HTTPS into a real SQLite file', () => {
  let t: TestCore;
  beforeEach(async () => {
    t = await startTestCore({ secret: testSecret });
  });
  afterEach(() => t.stop());

  it('stores a signed delivery byte for byte, checks its signature and classifies it', async () => {
    const body = Buffer.from(giftCardBody().toString('utf8').replace('{', '{  ')); // odd whitespace is kept
    const headers = serviceHeaders(body);
    const answer = await post(`${t.receiverUrl}/webhooks/staging?env=dev`, body, headers);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ received: true });

    const id = Number(answer.headers['x-inspector-delivery-id']);
    const detail = await t.call('deliveries.get', { id });
    expect(Buffer.from(detail.bodyBase64, 'base64').equals(body)).toBe(true);
    expect(detail.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(detail.path).toBe('/webhooks/staging');
    expect(detail.query).toBe('env=dev');
    expect(detail.tls).toBe(true);
    expect(detail.signature).toBe('valid');
    expect(detail.form).toBe('gift_cards');
    expect(detail.event).toBe('payout.processing');
    expect(detail.subject).toBe('ada@example.com');
    expect(detail.deliveryId).toBe(headers['X-Service-Delivery']);
    expect(detail.response).toMatchObject({ status: 200 });
    expect(detail.headers.find(([name]) => name === 'X-Service-Signature')?.[1]).toBe(headers['X-Service-Signature']);
  });

  it('keeps header order and case as received', async () => {
    const body = giftCardBody();
    const answer = await post(t.receiverUrl, body, { 'x-LOWER-upper': 'a', ...serviceHeaders(body) });
    const detail = await t.call('deliveries.get', { id: Number(answer.headers['x-inspector-delivery-id']) });
    const names = detail.headers.map(([name]) => name);
    expect(names).toContain('x-LOWER-upper');
    expect(names.indexOf('x-LOWER-upper')).toBeLessThan(names.indexOf('Content-Type'));
  });

  it('shows an unsigned delivery as missing and a tampered one as invalid', async () => {
    const body = giftCardBody();
    const unsigned = await post(t.receiverUrl, body, serviceHeaders(body, null));
    const tampered = await post(t.receiverUrl, giftCardBody({ status: 'failed' }), serviceHeaders(body));
    const get = (a: typeof unsigned) => t.call('deliveries.get', { id: Number(a.headers['x-inspector-delivery-id']) });
    expect((await get(unsigned)).signature).toBe('missing');
    expect((await get(tampered)).signature).toBe('invalid');
  });

  it('groups deliveries with the same idempotency key, even when they arrive at once', async () => {
    const body = giftCardBody();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(t.receiverUrl, body, serviceHeaders(body))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ids = answers.map((a) => Number(a.headers['x-inspector-delivery-id'])).sort((a, b) => a - b);
    const detail = await t.call('deliveries.get', { id: ids[4]! });
    expect(detail.duplicateCount).toBe(5);
    expect(detail.siblings.map((s) => s.id)).toEqual(ids);
    expect(detail.duplicateOf).toBe(ids[0]);
  });

  it('lists newest first and filters by event, form, signature, path and body text', async () => {
    const a = giftCardBody({ recipient_email: 'grace@example.com' });
    await post(`${t.receiverUrl}/a`, a, serviceHeaders(a));
    const b = giftCardBody({ event: 'payout.failed', status: 'failed' });
    await post(`${t.receiverUrl}/b`, b, serviceHeaders(b, null));
    const all = await t.call('deliveries.list', { filter: {} });
    expect(all.items.map((i) => i.path)).toEqual(['/b', '/a']);
    expect(all.total).toBe(2);
    const only = async (filter: object) => (await t.call('deliveries.list', { filter })).items.map((i) => i.path);
    expect(await only({ event: 'payout.failed' })).toEqual(['/b']);
    expect(await only({ signature: 'valid' })).toEqual(['/a']);
    expect(await only({ path: '/a' })).toEqual(['/a']);
    expect(await only({ text: 'GRACE@' })).toEqual(['/a']);
    expect(await only({ form: 'crypto_form_b' })).toEqual([]);
    const facets = await t.call('deliveries.facets', {});
    expect(facets.paths).toEqual(['/a', '/b']);
  });
});
