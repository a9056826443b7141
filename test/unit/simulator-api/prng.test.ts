import { describe, expect, it } from 'vitest';
import { deriveSeed, SeededRandom } from '../../../src/main/core/simulator/api/prng';

describe('the seeded random stream', () => {
  it('repeats itself for the same seed and differs for another', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return [random.fraction(), random.int(1, 6), random.uuid(), random.decimal(0, 10, 8)];
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('gives each named stream its own seed', () => {
    expect(deriveSeed(1, 'orders')).toBe(deriveSeed(1, 'orders'));
    expect(deriveSeed(1, 'orders')).not.toBe(deriveSeed(1, 'products'));
    expect(deriveSeed(1, 'orders')).not.toBe(deriveSeed(2, 'orders'));
  });

  it('makes version-4-shaped UUIDs, decimal strings and integers within bounds', () => {
    const random = new SeededRandom(7);
    const uuids = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const uuid = random.uuid();
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      uuids.add(uuid);
      const n = random.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
      const amount = random.decimal(0.5, 2, 6);
      expect(amount).toMatch(/^\d+\.\d{6}$/);
      expect(Number(amount)).toBeGreaterThanOrEqual(0.5);
      expect(Number(amount)).toBeLessThanOrEqual(2);
    }
    expect(uuids.size).toBe(1000);
    expect(random.decimal(5, 5, 0)).toBe('5');
  });
});
