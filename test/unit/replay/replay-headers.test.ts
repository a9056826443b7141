import { describe, expect, it } from 'vitest';
import { verifySignature, signBody } from '../../../src/main/core/analysis/signature';
import { deliveryHeaders, replayHeaders, withHeader, type FreshValues } from '../../../src/main/core/replay/replay-headers';

const body = Buffer.from('{"event":"payout.processing"}');
const stored: Array<[string, string]> = [
  ['Host', 'abc.tunnel.example'],
  ['Content-Type', 'application/json'],
  ['User-Agent', 'Service-Webhooks/1.0'],
  ['X-Service-Event', 'payout.processing'],
  ['x-service-signature', signBody(body, 'account secret')],
  ['X-Service-Delivery', '11111111-1111-4111-8111-111111111111'],
  ['X-Service-Timestamp', '1772446530'],
  ['Content-Length', String(body.byteLength)],
  ['Connection', 'keep-alive, X-Hop'],
  ['X-Hop', 'only for this hop'],
  ['Transfer-Encoding', 'chunked'],
  ['X-Forwarded-For', '203.0.113.7'],
];
const fresh: FreshValues = {
  deliveryId: () => '22222222-2222-4222-8222-222222222222',
  epochSeconds: () => 1800000000,
  wrongKey: () => 'not anyone’s secret',
};
const keepAll = { signing: { mode: 'keep' }, deliveryHeader: 'keep', timestampHeader: 'keep' } as const;

describe('the headers of a replay', () => {
  it('keeps the delivery’s headers in order and case, without the per-connection ones', () => {
    expect(deliveryHeaders(stored)).toEqual([
      ['Content-Type', 'application/json'],
      ['User-Agent', 'Service-Webhooks/1.0'],
      ['X-Service-Event', 'payout.processing'],
      ['x-service-signature', signBody(body, 'account secret')],
      ['X-Service-Delivery', '11111111-1111-4111-8111-111111111111'],
      ['X-Service-Timestamp', '1772446530'],
      ['X-Forwarded-For', '203.0.113.7'],
    ]);
    expect(replayHeaders(stored, body, keepAll, fresh)).toEqual(deliveryHeaders(stored));
  });

  it('never sends the HTTP/2 pseudo-headers an imported capture recorded', () => {
    const captured: Array<[string, string]> = [
      [':authority', 'hooks.example.test'],
      [':method', 'POST'],
      [':path', '/webhooks'],
      [':scheme', 'https'],
      ['content-type', 'application/json'],
    ];
    expect(deliveryHeaders(captured)).toEqual([['content-type', 'application/json']]);
  });

  it('re-signs in place with the given secret, or sends a well-formed wrong signature', () => {
    const resigned = replayHeaders(stored, body, { ...keepAll, signing: { mode: 'resign', secret: 'handler secret' } }, fresh);
    expect(resigned[3]).toEqual(['x-service-signature', signBody(body, 'handler secret')]);
    const wrong = replayHeaders(stored, body, { ...keepAll, signing: { mode: 'wrong' } }, fresh);
    const header = wrong.find(([name]) => name === 'x-service-signature')![1];
    expect(verifySignature(body, header, 'account secret').verdict).toBe('invalid');
  });

  it('adds a signature when the stored delivery had none and it is asked for', () => {
    const unsigned = stored.filter(([name]) => name.toLowerCase() !== 'x-service-signature');
    const headers = replayHeaders(unsigned, body, { ...keepAll, signing: { mode: 'resign', secret: 's' } }, fresh);
    expect(headers.at(-1)).toEqual(['X-Service-Signature', signBody(body, 's')]);
    expect(replayHeaders(unsigned, body, keepAll, fresh).some(([n]) => /signature/i.test(n))).toBe(false);
  });

  it('regenerates the delivery id and the timestamp only when asked', () => {
    const headers = replayHeaders(stored, body, { ...keepAll, deliveryHeader: 'regenerate', timestampHeader: 'regenerate' }, fresh);
    expect(headers[4]).toEqual(['X-Service-Delivery', '22222222-2222-4222-8222-222222222222']);
    expect(headers[5]).toEqual(['X-Service-Timestamp', '1800000000']);
  });

  it('sets one header in place and drops its other copies', () => {
    const twice: Array<[string, string]> = [['A', '1'], ['b', '2'], ['a', '3']];
    expect(withHeader(twice, 'a', 'x')).toEqual([['A', 'x'], ['b', '2']]);
    expect(withHeader(twice, 'C', 'y')).toEqual([...twice, ['C', 'y']]);
  });
});
