import type { ScenarioName, SimPayoutOrder, SimRecipient } from '../model';
import { money } from './history';
import type { ApiPayout, ApiPayoutOrder, PayoutStatus } from './records';
import { Decimal } from 'decimal.js';

const succeeded = new Set<PayoutStatus>(['completed', 'sent', 'redeemed']);
const unsuccessful = new Set<PayoutStatus>(['failed', 'expired', 'canceled']);

/** Where a finished scenario leaves its payout. */
export function finalStatusOf(scenario: ScenarioName): PayoutStatus {
  switch (scenario) {
    case 'crypto_expired':
      return 'expired';
    case 'crypto_failed':
    case 'crypto_form_b_failed':
    case 'gift_card_failed':
      return 'failed';
    case 'gift_card_redeemed':
      return 'redeemed';
    default:
      return 'completed';
  }
}

/** Our summary of an order from its payouts (the service reports none, spec 1). */
export function orderStatusOf(statuses: readonly PayoutStatus[]): ApiPayoutOrder['status'] {
  if (statuses.some((s) => !succeeded.has(s) && !unsuccessful.has(s))) return 'processing';
  if (statuses.every((s) => succeeded.has(s))) return 'completed';
  if (statuses.every((s) => unsuccessful.has(s))) return 'failed';
  return 'partially_completed';
}

function kindOf(order: SimPayoutOrder): 'crypto' | 'fiat' {
  return order.payout_type === 'crypto' ? 'crypto' : 'fiat';
}

function brandFields(recipient: SimRecipient): { brand_uuid?: string; brand_name?: string } {
  return recipient.brand ? { brand_uuid: recipient.brand.uuid, brand_name: recipient.brand.name } : {};
}

export function payoutRecord(order: SimPayoutOrder, recipient: SimRecipient, status: PayoutStatus, updatedAt: string): ApiPayout {
  return {
    uuid: recipient.payout_uuid!,
    payout_order_uuid: order.uuid,
    recipient_uuid: recipient.uuid,
    recipient_email: recipient.email,
    recipient_name: recipient.name,
    payout_type: order.payout_type,
    status,
    amount: money(recipient.amount, kindOf(order)),
    currency: order.wallet_currency,
    recipient_currency: recipient.currency,
    ...brandFields(recipient),
    created_at: order.created_at,
    updated_at: updatedAt,
  };
}

export function payoutOrderRecord(order: SimPayoutOrder, payouts: readonly ApiPayout[]): ApiPayoutOrder {
  const total = order.recipients.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
  const places = Math.max(0, ...order.recipients.map((r) => r.amount.split('.')[1]?.length ?? 0));
  return {
    uuid: order.uuid,
    campaign_id: order.campaign_id,
    payout_type: order.payout_type,
    wallet_currency: order.wallet_currency,
    callback_url: order.callback_url,
    status: orderStatusOf(payouts.map((p) => p.status)),
    recipients_count: order.recipients.length,
    total_amount: money(total.toFixed(places), kindOf(order)),
    recipients: order.recipients.map((r) => ({
      uuid: r.uuid,
      payout_uuid: r.payout_uuid!,
      email: r.email,
      name: r.name,
      amount: money(r.amount, kindOf(order)),
      currency: r.currency,
      scenario: r.scenario,
      ...brandFields(r),
    })),
    created_at: order.created_at,
  };
}
