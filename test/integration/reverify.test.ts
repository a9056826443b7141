import { createHash } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { describeEachEngine, storeLocation } from '../support/engines';
import { post } from '../support/https-client';

const sha256Prefix = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

describeEachEngine('setting or changing the secret re-verifies the stored deliveries', (engine) => {
  let t: TestCore;
  let location: string | undefined;
  beforeEach(async () => {
    location = await storeLocation(engine);
    t = await startTestCore({ store: location });
  });
  afterEach(() => t.stop());

  it('turns no_secret into valid, then invalid, without touching the raw bytes', async () => {
    const body = giftCardBody();
    const answer = await post(t.receiverUrl, body, serviceHeaders(body, testSecret));
    const id = Number(answer.headers['x-inspector-delivery-id']);
    const before = await t.call('deliveries.get', { id });
    expect(before.signature).toBe('no_secret');
    expect((await t.call('status.get', {})).secret).toEqual({ set: false, storage: 'none', fingerprint: null });

    expect(await t.call('settings.setSecret', { secret: testSecret })).toEqual({ reverified: 1 });
    const valid = await t.call('deliveries.get', { id });
    expect(valid.signature).toBe('valid');
    expect(valid.signatureCheck.expected).toBe(valid.signatureCheck.received);
    expect((await t.call('status.get', {})).secret).toEqual({ set: true, storage: 'file', fingerprint: sha256Prefix(testSecret) });

    await t.call('settings.setSecret', { secret: 'a different secret' });
    const invalid = await t.call('deliveries.get', { id });
    expect(invalid.signature).toBe('invalid');
    expect(invalid.bodyBase64).toBe(before.bodyBase64);
    expect(invalid.bodySha256).toBe(before.bodySha256);
    expect(invalid.headers).toEqual(before.headers);

    await t.call('settings.clearSecret', {});
    expect((await t.call('deliveries.get', { id })).signature).toBe('no_secret');
  });

  it('keeps a secret set from the UI for the next start, and never returns it', async () => {
    await t.call('settings.setSecret', { secret: testSecret });
    const status = await t.call('status.get', {});
    expect(JSON.stringify(status)).not.toContain(testSecret);
    const dataDir = t.dataDir;
    await t.core.close();
    t = await startTestCore({ dataDir, store: location });
    const body = giftCardBody();
    const answer = await post(t.receiverUrl, body, serviceHeaders(body, testSecret));
    const detail = await t.call('deliveries.get', { id: Number(answer.headers['x-inspector-delivery-id']) });
    expect(detail.signature).toBe('valid');
  });
});
