import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nestedDeeperThan } from '../../src/main/core/control/json-depth';
import { auditDetailLimits, auditDetails, auditTarget, keptDetails } from '../../src/main/core/team/audit-details';

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

describe('what the audit log keeps of a call\'s input, whatever its size and shape', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

  it('keeps a 1 MiB key to its first 100 characters, within 4 KiB, with the digest of the whole', () => {
    const text = JSON.stringify({ [`k${'x'.repeat(2 ** 20)}`]: 'value', deliveryId: 7 });
    const { details, cut } = keptDetails(JSON.parse(text));
    expect(jsonBytes(details)).toBeLessThanOrEqual(auditDetailLimits.bytes);
    expect(Object.keys(details as object)).toEqual([`k${'x'.repeat(99)}…`, 'deliveryId']);
    expect(cut).toEqual({ sha256: sha256(text), bytes: Buffer.byteLength(text) });
  });

  it('keeps 50 of 100,000 keys and says how many more, within 4 KiB', () => {
    const input = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`key${i}`, i]));
    const { details, cut } = keptDetails(input);
    expect(jsonBytes(details)).toBeLessThanOrEqual(auditDetailLimits.bytes);
    const kept = details as Record<string, unknown>;
    expect(Object.keys(kept)).toHaveLength(51);
    expect(kept.key49).toBe(49);
    expect(kept['…']).toBe('99950 more keys');
    expect(cut).toEqual({ sha256: sha256(JSON.stringify(input)), bytes: jsonBytes(input) });
  });

  it('keeps 8 levels of an input nested 200,000 deep, without running out of stack', () => {
    const text = `${'{"a":['.repeat(100_000)}1${']}'.repeat(100_000)}`;
    const input = JSON.parse(text) as unknown;
    expect(() => JSON.stringify(input)).toThrow(/call stack/);
    const { details, cut } = keptDetails(input);
    expect(JSON.stringify(details)).toBe('{"a":[{"a":[{"a":[{"a":["… deeper"]}]}]}]}');
    expect(cut).toEqual({ sha256: sha256(text), bytes: text.length });
    expect(nestedDeeperThan(input, 64)).toBe(true);
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(64)}${']'.repeat(64)}`), 64)).toBe(false);
    expect(nestedDeeperThan(JSON.parse(`${'['.repeat(65)}${']'.repeat(65)}`), 64)).toBe(true);
  });

  it('stays within 4 KiB however the size is spread, and digests the whole with its secrets removed', () => {
    const input = { token: 'wit_the-token', url: 'https://u:hunter2@h.example/x', items: Array.from({ length: 40 }, () => ({ text: 'é'.repeat(600) })) };
    const { details, cut } = keptDetails(input);
    expect(jsonBytes(details)).toBeLessThanOrEqual(auditDetailLimits.bytes);
    expect(details).toMatchObject({ token: '[removed]', url: 'https://u:%5Bremoved%5D@h.example/x' });
    const redacted = JSON.stringify({ ...input, token: '[removed]', url: 'https://u:%5Bremoved%5D@h.example/x' });
    expect(cut).toEqual({ sha256: sha256(redacted), bytes: Buffer.byteLength(redacted) });
    expect(JSON.stringify({ details, cut })).not.toMatch(/wit_the-token|hunter2/);
  });

  it('cuts nothing of a small input, and keeps `__proto__` as a key like any other', () => {
    expect(keptDetails({ deliveryId: 7, url: 'http://h/hook' })).toEqual({ details: { deliveryId: 7, url: 'http://h/hook' }, cut: null });
    const { details } = keptDetails(JSON.parse('{"__proto__":{"polluted":true},"constructor":1}'));
    expect(Object.getPrototypeOf(details)).toBe(Object.prototype);
    expect(JSON.stringify(details)).toBe('{"__proto__":{"polluted":true},"constructor":1}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
