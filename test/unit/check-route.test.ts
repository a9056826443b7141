import { describe, expect, it } from 'vitest';
import { storedDeliveryLimit } from '../../src/shared/handler-check';
import { parseDeliveryIds } from '../../src/renderer/src/lib/delivery-ids';
import { formatRoute, parseRoute } from '../../src/renderer/src/lib/route';

describe('the Check view’s stored deliveries', () => {
  it('reads ids as a user types them: each once, in order, saying which parts are not ids', () => {
    expect(parseDeliveryIds(' 12, 40 #41,,12 ')).toEqual({ ids: [12, 40, 41], invalid: [] });
    expect(parseDeliveryIds('7 0 -3 1e3 abc 2.5')).toEqual({ ids: [7], invalid: ['0', '-3', '1e3', 'abc', '2.5'] });
    expect(parseDeliveryIds('')).toEqual({ ids: [], invalid: [] });
  });

  it('are held in the route, so that a link opens Check with them and a reload keeps them', () => {
    expect(formatRoute({ view: 'check', deliveryIds: [12, 40] })).toBe('#/check?deliveries=12%2C40');
    expect(formatRoute({ view: 'check', deliveryIds: [] })).toBe('#/check');
    expect(parseRoute('#/check?deliveries=12%2C40')).toEqual({ view: 'check', deliveryIds: [12, 40] });
    expect(parseRoute('#/check?deliveries=12,x,40')).toEqual({ view: 'check', deliveryIds: [12, 40] });
    expect(parseRoute('#/check')).toEqual({ view: 'check', deliveryIds: [] });
    const many = Array.from({ length: storedDeliveryLimit + 5 }, (_, i) => i + 1).join(',');
    expect((parseRoute(`#/check?deliveries=${many}`) as { deliveryIds: number[] }).deliveryIds).toHaveLength(storedDeliveryLimit);
  });
});
