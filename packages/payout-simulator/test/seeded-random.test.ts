import { describe, expect, it } from 'vitest';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';

describe('SeededRandom', () => {
  it('repeats its sequence for a seed and differs between seeds', () => {
    const draw = (seed: number | string) => Array.from({ length: 5 }, ((r) => () => r.next())(new SeededRandom(seed)));
    expect(draw(42)).toEqual(draw(42));
    expect(draw('order-1')).toEqual(draw('order-1'));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('stays within its ranges', () => {
    const random = new SeededRandom(9);
    for (let i = 0; i < 1000; i++) {
      const n = random.int(3, 7);
      expect(n >= 3 && n <= 7 && Number.isInteger(n)).toBe(true);
      const x = random.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });

  it('draws version-4 shaped UUIDs', () => {
    const random = new SeededRandom(1);
    for (let i = 0; i < 100; i++) expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('gives independent streams per key', () => {
    expect(SeededRandom.forKey(1, 'a').next()).toBe(SeededRandom.forKey(1, 'a').next());
    expect(SeededRandom.forKey(1, 'a').next()).not.toBe(SeededRandom.forKey(1, 'b').next());
  });

  it('lands near the asked rate', () => {
    const random = new SeededRandom(5);
    const hits = Array.from({ length: 10_000 }, () => random.chance(0.2)).filter(Boolean).length;
    expect(hits).toBeGreaterThan(1800);
    expect(hits).toBeLessThan(2200);
  });

  it('draws decimal strings with exactly the asked places, within bounds, and distinct UUIDs', () => {
    const random = new SeededRandom(7);
    const uuids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      uuids.add(random.uuid());
      const amount = random.decimal(0.5, 2, 6);
      expect(amount).toMatch(/^\d+\.\d{6}$/);
      expect(Number(amount)).toBeGreaterThanOrEqual(0.5);
      expect(Number(amount)).toBeLessThanOrEqual(2);
    }
    expect(uuids.size).toBe(1000);
    expect(random.decimal(5, 5, 0)).toBe('5');
  });

  it('gives a different stream per seed for the same key', () => {
    expect(SeededRandom.forKey(1, 'orders').next()).not.toBe(SeededRandom.forKey(2, 'orders').next());
  });
});
