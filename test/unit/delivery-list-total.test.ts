import { describe, expect, it } from 'vitest';
import { mergedTotal } from '../../src/renderer/src/features/deliveries/list-total';

describe("the deliveries list's total as pages and new deliveries come", () => {
  it('keeps the larger of two lower bounds ("N+")', () => {
    // A page further down counted fewer (its count read fewer deliveries): at least 640 still match.
    expect(mergedTotal({ total: 640, totalCapped: true }, { total: 150, totalCapped: true })).toEqual({ total: 640, totalCapped: true });
    expect(mergedTotal({ total: 640, totalCapped: true }, { total: 700, totalCapped: true })).toEqual({ total: 700, totalCapped: true });
  });

  it('keeps an exact total as a lower bound when a later count went less far', () => {
    // One match shown; a catch-up's count read only the newest deliveries and found none.
    expect(mergedTotal({ total: 1, totalCapped: false }, { total: 0, totalCapped: true })).toEqual({ total: 1, totalCapped: true });
  });

  it('takes an exact total as it is', () => {
    expect(mergedTotal({ total: 640, totalCapped: true }, { total: 12, totalCapped: false })).toEqual({ total: 12, totalCapped: false });
    expect(mergedTotal({ total: 3, totalCapped: false }, { total: 4, totalCapped: false })).toEqual({ total: 4, totalCapped: false });
  });
});
