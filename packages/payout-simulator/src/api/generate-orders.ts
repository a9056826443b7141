import { findCurrency, usdPerUnit } from './currencies';
import { historyEnd, money, newestFirst } from './history';
import { SeededRandom } from '../seeded-random';
import type { ApiCampaign, ApiOrder, OrderStatus } from './records';

const orderCount = 450;

function drawStatus(random: SeededRandom): OrderStatus {
  const roll = random.next();
  return roll < 0.7 ? 'completed' : roll < 0.8 ? 'processing' : roll < 0.86 ? 'pending' : roll < 0.94 ? 'failed' : 'canceled';
}

/** The account's orders over the past year, newest first; references numbered in creation order. */
export function generateOrders(seed: number, campaigns: readonly ApiCampaign[]): ApiOrder[] {
  const random = SeededRandom.forKey(seed, 'orders');
  const orders: ApiOrder[] = [];
  for (let i = 0; i < orderCount; i++) {
    const campaign = random.pick(campaigns);
    const currency = findCurrency(campaign.wallet_currency)!;
    const createdAt = random.instant(Date.parse(campaign.created_at), historyEnd);
    const total = random.decimal(20 / usdPerUnit[currency.code]!, 20_000 / usdPerUnit[currency.code]!, currency.decimals);
    orders.push({
      uuid: random.uuid(),
      reference: '',
      campaign_id: campaign.uuid,
      payout_type: campaign.payout_type,
      status: drawStatus(random),
      currency: currency.code,
      total_amount: money(total, currency.kind),
      items_count: random.int(1, 50),
      created_at: createdAt.toISOString(),
      updated_at: new Date(createdAt.getTime() + random.int(0, 2 * 86_400) * 1000).toISOString(),
    });
  }
  orders.sort(newestFirst);
  orders.forEach((order, index) => (order.reference = `ORD-${String(orderCount - index).padStart(6, '0')}`));
  return orders;
}
