import { describe, expect, it } from 'vitest';
import { analyzeDelivery } from '../../../src/main/core/analysis/analyze-delivery';
import { requestFindings } from '../../../src/main/core/analysis/findings/headers';
import { giftCardRecipientBody } from '../../fixtures/payloads';
import { codes, rawDelivery, secret, withHeaders } from '../helpers';

const raw = () => rawDelivery(giftCardRecipientBody());
const headerCodes = (changes: Record<string, string | null>) => codes(requestFindings(withHeaders(raw(), changes)));

describe('request and header findings', () => {
  it('accept application/json with any case and a UTF-8 charset parameter', () => {
    for (const value of [
      'application/json',
      'Application/JSON',
      'application/json; charset=utf-8',
      'application/json;charset="UTF-8"',
      'application/json; charset=utf8',
    ]) {
      expect(headerCodes({ 'Content-Type': value })).toEqual([]);
    }
  });

  it('reject other media types, even JSON-flavoured ones', () => {
    for (const value of ['text/json', 'application/json-patch+json', 'application/x-www-form-urlencoded', '']) {
      expect(headerCodes({ 'Content-Type': value })).toEqual(['header.content_type_not_json']);
    }
  });

  it('want the exact User-Agent', () => {
    expect(headerCodes({ 'User-Agent': 'Service-Webhooks/1.1' })).toEqual(['header.user_agent_unexpected']);
    expect(headerCodes({ 'User-Agent': null })).toEqual(['header.user_agent_unexpected']);
  });

  it('want integer epoch seconds, and say when it looks like milliseconds', () => {
    expect(headerCodes({ 'X-Service-Timestamp': '1772446530' })).toEqual([]);
    for (const value of ['1772446530.5', '-1', '', ' 1772446530'])
      expect(headerCodes({ 'X-Service-Timestamp': value })).toEqual(['header.timestamp_not_epoch_seconds']);
    const ms = requestFindings(withHeaders(raw(), { 'X-Service-Timestamp': '1772446530000' }));
    expect(ms[0]?.message).toMatch(/milliseconds/);
  });

  it('want a UUID in X-Service-Delivery', () => {
    expect(headerCodes({ 'X-Service-Delivery': 'C56A4180-65AA-42EC-A945-5FD21DEC0538' })).toEqual([]);
    expect(headerCodes({ 'X-Service-Delivery': 'c56a4180-65aa-42ec-a945-5fd21dec053' })).toEqual(['header.delivery_not_uuid']);
  });

  it('flag any method but POST (methods are case-sensitive) and any query string', () => {
    expect(codes(requestFindings({ ...raw(), method: 'post' }))).toEqual(['request.method_not_post']);
    expect(codes(requestFindings({ ...raw(), method: 'GET', query: 'a=1' }))).toEqual(['request.method_not_post', 'request.query_string']);
  });

  it('use header paths and never echo a huge header value whole', () => {
    const findings = requestFindings(withHeaders(raw(), { 'X-Service-Delivery': 'x'.repeat(10_000) }));
    expect(findings[0]?.path).toBe('headers.X-Service-Delivery');
    expect(findings[0]?.message.length).toBeLessThan(200);
  });

  it('compare X-Service-Event with the body event exactly', () => {
    const mismatch = analyzeDelivery(withHeaders(raw(), { 'x-service-event': 'Payout.Processing' }), secret);
    expect(codes(mismatch.findings)).toEqual(['header.event_mismatch']);
    expect(mismatch.findings[0]?.path).toBe('headers.X-Service-Event');
  });
});
