import { describe, expect, it } from 'vitest';
import { withArrivals } from '../../src/renderer/src/features/deliveries/list-arrivals';

const ids = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('the deliveries list as deliveries keep arriving', () => {
  it('puts new deliveries on top and grows up to the bound', () => {
    expect(withArrivals(ids(10, 1), ids(12, 11), 20)).toEqual({ items: ids(12, 1), trimmed: false });
    expect(withArrivals(ids(18, 1), ids(20, 19), 20)).toEqual({ items: ids(20, 1), trimmed: false });
  });

  it('past the bound, lets the oldest go as many as arrived, and says there is more below', () => {
    expect(withArrivals(ids(20, 1), ids(23, 21), 20)).toEqual({ items: ids(23, 4), trimmed: true });
  });

  it('keeps every row the user paged in beyond the bound, the list no longer growing', () => {
    const paged = ids(50, 1);
    const { items, trimmed } = withArrivals(paged, ids(55, 51), 20);
    expect(items).toEqual(ids(55, 6));
    expect(trimmed).toBe(true);
  });

  it('leaves the list as it is when nothing new came', () => {
    const current = ids(30, 1);
    expect(withArrivals(current, [], 20).items).toBe(current);
  });

  it('stays the same size however long deliveries keep coming', () => {
    let items: readonly number[] = ids(2_000, 1);
    for (let next = 2_001; next <= 12_000; next += 50) items = withArrivals(items, ids(next + 49, next), 2_000).items;
    expect(items.length).toBe(2_000);
    expect(items[0]).toBe(12_000);
  });
});
