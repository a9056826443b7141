import { describe, expect, it } from 'vitest';
import { routes } from '../../src/renderer/src/lib/links';
import { emptyRoute, formatRoute, parseRoute } from '../../src/renderer/src/lib/route';

describe('the Compare view’s route', () => {
  it('holds the two deliveries, left then right, so that a link opens the comparison and a reload keeps it', () => {
    expect(formatRoute(routes.compare(12, 15))).toBe('#/compare/12/15');
    expect(parseRoute('#/compare/12/15')).toEqual({ view: 'compare', left: 12, right: 15 });
    expect(parseRoute(formatRoute(routes.compare(15, 12)))).toEqual(routes.compare(15, 12));
  });

  it('takes one or none picked yet, and drops what is not a delivery number', () => {
    expect(formatRoute(emptyRoute('compare'))).toBe('#/compare');
    expect(parseRoute('#/compare')).toEqual({ view: 'compare', left: null, right: null });
    expect(formatRoute({ view: 'compare', left: 7, right: null })).toBe('#/compare/7');
    expect(parseRoute('#/compare/7')).toEqual({ view: 'compare', left: 7, right: null });
    expect(parseRoute('#/compare/x/-3')).toEqual({ view: 'compare', left: null, right: null });
    expect(parseRoute('#/compare/1.5/9')).toEqual({ view: 'compare', left: null, right: 9 });
  });
});
