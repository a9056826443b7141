import { describe, expect, it } from 'vitest';
import { harChunks } from '../../../src/main/core/export/har';
import { storedGiftCard } from './stored-delivery';

async function har(deliveries: ReturnType<typeof storedGiftCard>[]) {
  const chunks: string[] = [];
  for await (const chunk of harChunks(deliveries, (d) => (d.tls ? 'https://127.0.0.1:8443' : 'http://127.0.0.1:8080'), '9.9.9')) chunks.push(chunk);
  return JSON.parse(chunks.join(''));
}

describe('HAR 1.2 export', () => {
  it('writes one entry per delivery with the request as received and the answer the receiver gave', async () => {
    const delivery = storedGiftCard({ query: 'a=1&b=two' });
    const doc = await har([delivery]);
    expect(doc.log).toMatchObject({ version: '1.2', creator: { name: 'Webhook Inspector', version: '9.9.9' } });
    const [entry] = doc.log.entries;
    expect(entry.startedDateTime).toBe('2026-03-02T10:15:31.000Z');
    expect(entry.request).toMatchObject({
      method: 'POST',
      url: 'https://127.0.0.1:8443/webhooks?a=1&b=two',
      httpVersion: 'HTTP/1.1',
      queryString: [{ name: 'a', value: '1' }, { name: 'b', value: 'two' }],
      postData: { mimeType: 'application/json', text: delivery.body.toString('utf8') },
      bodySize: delivery.body.byteLength,
    });
    expect(entry.request.postData.encoding).toBeUndefined();
    expect(entry.request.headers).toEqual(delivery.headers.map(([name, value]) => ({ name, value })));
    expect(entry.response).toMatchObject({
      status: 200,
      statusText: 'OK',
      content: { text: '{"received":true}', mimeType: 'application/json' },
    });
    expect(entry.response.headers).toContainEqual({ name: 'X-Inspector-Delivery-Id', value: '7' });
    // The receiver's own answer time is the wait; what it does not see is zero (or -1, not applicable).
    expect(entry.timings).toMatchObject({ send: 0, wait: 4, receive: 0 });
    const untimed = (await har([storedGiftCard({ response: { status: 200, body: '{}', reason: 'imported', afterMs: null } })])).log.entries[0]!;
    expect(untimed.timings.wait).toBe(0);
    expect(untimed.comment).toContain('did not time this answer');
  });

  it('keeps a body that is not UTF-8 out of postData (in _content, base64), and uses the plain-HTTP origin without TLS', async () => {
    const bytes = Buffer.from([0xde, 0xad, 0xbe, 0xef]);
    const doc = await har([storedGiftCard({ body: bytes, tls: false }), storedGiftCard({ id: 8 })]);
    expect(doc.log.entries).toHaveLength(2);
    const [entry] = doc.log.entries;
    expect(entry.request.url).toBe('http://127.0.0.1:8080/webhooks');
    expect(entry.request.postData).toBeUndefined();
    expect(entry.request._content).toEqual({ text: bytes.toString('base64'), size: 4, encoding: 'base64' });
  });

  it('is a valid document with no entries', async () => {
    expect((await har([])).log.entries).toEqual([]);
  });
});
