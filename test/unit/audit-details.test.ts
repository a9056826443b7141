import { describe, expect, it } from 'vitest';
import { auditDetails, auditTarget } from '../../src/main/core/team/audit-details';

describe('what the audit log keeps of a call\'s input', () => {
  it('removes the value under every secret\'s key, at any depth, and keeps the rest', () => {
    const kept = auditDetails({
      secret: 's1',
      apiToken: 't1',
      connection: { mode: 'service', baseUrl: 'https://api.example.com' },
      token: 't2',
      signing: { mode: 'resign', secret: 's2' },
      headers: { Authorization: 'Bearer x', 'X-Api-Key': 'k', Cookie: 'c' },
      deliveryId: 7,
    });
    expect(kept).toEqual({
      secret: '[removed]',
      apiToken: '[removed]',
      connection: { mode: 'service', baseUrl: 'https://api.example.com' },
      token: '[removed]',
      signing: { mode: 'resign', secret: '[removed]' },
      headers: { Authorization: '[removed]', 'X-Api-Key': '[removed]', Cookie: '[removed]' },
      deliveryId: 7,
    });
    for (const value of ['s1', 's2', 't1', 't2', 'Bearer x']) expect(JSON.stringify(kept)).not.toContain(value);
  });

  it("removes a URL's password, and shortens long strings and lists", () => {
    expect(auditDetails({ url: 'https://user:hunter2@relay.example.com/x' })).toEqual({ url: 'https://user:%5Bremoved%5D@relay.example.com/x' });
    const long = auditDetails('x'.repeat(2000)) as string;
    expect(long.length).toBe(501);
    expect(auditDetails({ ids: Array.from({ length: 25 }, (_, i) => i) })).toEqual({ ids: [...Array.from({ length: 20 }, (_, i) => i), '… 5 more'] });
  });

  it('names the target: a URL, a forward target, a path or the service base URL', () => {
    expect(auditTarget({ deliveryId: 1, url: 'http://h/hook' })).toBe('http://h/hook');
    expect(auditTarget({ enabled: true, target: 'http://h/fwd' })).toBe('http://h/fwd');
    expect(auditTarget({ connection: { mode: 'service', baseUrl: 'https://api' } })).toBe('https://api');
    expect(auditTarget({ keepBytes: 1 })).toBeNull();
  });
});
