import { Decimal } from 'decimal.js';
import type { PayoutType, SimPayoutOrder, SimRecipient } from '../model';
import { findCurrency } from './currencies';
import { fieldErrorsOf, PayoutOrderInput, PayoutOrderInputPlainHttp, type FieldError, type RecipientInput } from './payout-order-schema';
import type { SeededRandom } from '../seeded-random';
import type { ApiCampaign, ApiCatalogEntry } from './records';
import {
  catalogCurrencies,
  crossCurrencyScenario,
  drawCryptoCurrency,
  drawScenario,
  giftCardEntries,
  sameCurrencyScenario,
  scenariosOf,
} from './recipient-draws';
import type { SimWorld } from './world';

export type PayoutOrderValidation = { ok: true; order: SimPayoutOrder } | { ok: false; errors: FieldError[] };

export interface OrderCreationContext {
  world: SimWorld;
  now: Date;
  /** Ids of created records; random, so a restart with the same seed never reuses one. */
  newUuid: () => string;
  /** Accept http:// callback URLs as well as https:// (spec 2.5 says HTTPS). Default false. */
  allowPlainHttp?: boolean;
}

const maxAmount = new Decimal(1_000_000);
const decimalText = /^(0|[1-9]\d*)(\.\d+)?$/;

function amountError(amount: string | number, payoutType: PayoutType, decimals: number): string | Decimal {
  if (typeof amount === 'number' && payoutType === 'crypto') return 'crypto amounts are decimal strings, e.g. "0.015"';
  if (typeof amount === 'number' && !Number.isFinite(amount)) return 'must be a finite number';
  if (typeof amount === 'string' && !decimalText.test(amount)) return 'must be a decimal string such as "25.00"';
  const value = new Decimal(amount);
  if (value.lessThanOrEqualTo(0)) return 'must be greater than 0';
  if (value.greaterThan(maxAmount)) return `must be at most ${maxAmount.toString()}`;
  if (value.decimalPlaces() > decimals) return `has more than ${decimals} decimal places`;
  return value;
}

function campaignErrors(input: PayoutOrderInput, campaign: ApiCampaign | undefined): FieldError[] {
  const errors: FieldError[] = [];
  if (!campaign) errors.push({ field: 'campaign_id', message: 'no campaign has this id' });
  else if (campaign.status !== 'active') {
    errors.push({ field: 'campaign_id', message: `the campaign is ${campaign.status}; payout orders need an active campaign` });
  }
  if (!findCurrency(input.wallet_currency)) {
    errors.push({ field: 'wallet_currency', message: `unknown currency code ${JSON.stringify(input.wallet_currency)}` });
  } else if (campaign && campaign.wallet_currency !== input.wallet_currency) {
    errors.push({ field: 'wallet_currency', message: `the campaign pays from its ${campaign.wallet_currency} wallet, not ${input.wallet_currency}` });
  }
  return errors;
}

function recipientErrors(input: RecipientInput, campaign: ApiCampaign, catalog: readonly ApiCatalogEntry[]): Array<[string, string]> {
  const errors: Array<[string, string]> = [];
  const wallet = campaign.wallet_currency;
  if (input.scenario && !scenariosOf(campaign.payout_type).includes(input.scenario)) {
    errors.push(['scenario', `is not a ${campaign.payout_type} scenario`]);
  }
  const amount = amountError(input.amount, campaign.payout_type, findCurrency(wallet)!.decimals);
  if (typeof amount === 'string') errors.push(['amount', amount]);
  if (campaign.payout_type === 'gift_cards') {
    if (input.currency !== undefined && input.currency !== wallet) errors.push(['currency', `gift cards are paid in the wallet currency, ${wallet}`]);
    if (input.brand_uuid !== undefined && !giftCardEntries(catalog).some((e) => e.brand_uuid === input.brand_uuid)) {
      errors.push(['brand_uuid', "is not a brand of the campaign's catalog"]);
    }
    return errors;
  }
  if (input.brand_uuid !== undefined) errors.push(['brand_uuid', 'only gift-card recipients have a brand']);
  if (input.currency === undefined) {
    if (input.scenario === crossCurrencyScenario && !catalogCurrencies(catalog).some((c) => c !== wallet)) {
      errors.push(['scenario', `the campaign's catalog offers no currency other than ${wallet}`]);
    }
  } else if (!catalogCurrencies(catalog).includes(input.currency)) {
    errors.push(['currency', `${JSON.stringify(input.currency)} is not a currency of the campaign's catalog`]);
  } else if (input.scenario === crossCurrencyScenario && input.currency === wallet) {
    errors.push(['currency', `a cross-currency scenario needs a currency other than the wallet's ${wallet}`]);
  } else if (input.scenario === sameCurrencyScenario && input.currency !== wallet) {
    errors.push(['currency', `a same-currency scenario is paid in the wallet's ${wallet}`]);
  }
  return errors;
}

function buildRecipient(input: RecipientInput, campaign: ApiCampaign, catalog: readonly ApiCatalogEntry[], context: OrderCreationContext): SimRecipient {
  const random: SeededRandom = context.world.creationRandom;
  const wallet = campaign.wallet_currency;
  const amount = typeof input.amount === 'string' ? input.amount : new Decimal(input.amount).toFixed();
  const base = {
    uuid: context.newUuid(),
    payout_uuid: context.newUuid(),
    email: input.email,
    name: input.name,
    amount,
    ...(input.skip_events && input.skip_events.length > 0 ? { skipEvents: input.skip_events } : {}),
    ...(input.api_final_status ? { apiFinalStatus: input.api_final_status } : {}),
  };
  if (campaign.payout_type === 'gift_cards') {
    const entries = giftCardEntries(catalog);
    const entry = entries.find((e) => e.brand_uuid === input.brand_uuid) ?? random.pick(entries);
    const scenario = input.scenario ?? drawScenario(random, 'gift_cards', wallet, [], undefined);
    return { ...base, currency: wallet, scenario, brand: { uuid: entry.brand_uuid, name: entry.brand_name } };
  }
  const offered = catalogCurrencies(catalog);
  const scenario = input.scenario ?? drawScenario(random, 'crypto', wallet, offered, input.currency);
  const currency = input.currency ?? drawCryptoCurrency(random, scenario, wallet, offered);
  return { ...base, currency, scenario };
}

/**
 * Checks a POST /api/payout-orders body (shape, then against the world) and builds the order. Only a
 * valid body draws from the seed, so invalid requests do not change later draws.
 */
export function validatePayoutOrder(body: unknown, context: OrderCreationContext): PayoutOrderValidation {
  const parsed = (context.allowPlainHttp ? PayoutOrderInputPlainHttp : PayoutOrderInput).safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrorsOf(parsed.error) };
  const input = parsed.data;
  const campaign = context.world.campaign(input.campaign_id);
  const errors = campaignErrors(input, campaign);
  if (campaign) {
    const catalog = context.world.catalog(campaign.uuid) ?? [];
    input.recipients.forEach((recipient, index) => {
      for (const [field, message] of recipientErrors(recipient, campaign, catalog)) {
        errors.push({ field: `recipients.${index}.${field}`, message });
      }
    });
    if (errors.length === 0) {
      return {
        ok: true,
        order: {
          uuid: context.newUuid(),
          campaign_id: campaign.uuid,
          payout_type: campaign.payout_type,
          wallet_currency: campaign.wallet_currency,
          callback_url: input.callback_url ?? null,
          created_at: context.now.toISOString(),
          recipients: input.recipients.map((r) => buildRecipient(r, campaign, catalog, context)),
        },
      };
    }
  }
  return { ok: false, errors };
}
