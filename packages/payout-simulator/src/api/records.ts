import type { PayoutType, ScenarioName } from '../model';

/**
 * The shapes the simulated API serves (spec 2.7 leaves them open). Every record's own id is `uuid`;
 * references use the webhook names (`payout_order_uuid`, `recipient_uuid`, `brand_uuid`) except
 * `campaign_id`, named as in the payout-order request. Times are ISO-8601 UTC. Money follows the
 * webhook rule: crypto amounts are decimal strings, gift-card (fiat) amounts are JSON numbers.
 */
export type Money = string | number;

export type OrderStatus = 'pending' | 'processing' | 'completed' | 'failed' | 'canceled';

/** /api/orders: the account's orders (catalog purchases and wallet sends), newest first. */
export interface ApiOrder {
  uuid: string;
  reference: string;
  campaign_id: string;
  payout_type: PayoutType;
  status: OrderStatus;
  currency: string;
  total_amount: Money;
  items_count: number;
  created_at: string;
  updated_at: string;
}

/** /api/products: gift-card products, one per brand and currency, brand name A to Z. */
export interface ApiProduct {
  uuid: string;
  brand_uuid: string;
  brand_name: string;
  name: string;
  category: string;
  country: string;
  currency: string;
  value_type: 'fixed' | 'range';
  /** Fixed-value cards: the face values on offer; range cards: []. */
  denominations: number[];
  min_value: number;
  max_value: number;
  redemption: 'online' | 'in_store' | 'online_and_in_store';
  created_at: string;
}

/** /api/transactions: movements of the merchant's ledger accounts, newest first. */
export interface ApiTransaction {
  uuid: string;
  type: 'deposit' | 'payout' | 'fee' | 'refund';
  direction: 'credit' | 'debit';
  amount: Money;
  currency: string;
  /** The ledger account's balance in `currency` after this movement. */
  balance_after: Money;
  description: string;
  created_at: string;
}

export type CampaignStatus = 'active' | 'paused' | 'archived';

/** /api/campaigns, in creation order (oldest first). */
export interface ApiCampaign {
  uuid: string;
  name: string;
  payout_type: PayoutType;
  wallet_currency: string;
  status: CampaignStatus;
  /** Number of entries of /api/campaigns/:id/catalog (0 for some campaigns). */
  catalog_size: number;
  created_at: string;
}

/** /api/campaigns/:id/catalog of a gift-card campaign: products recipients may choose, brand A to Z. */
export interface ApiGiftCardCatalogEntry {
  uuid: string;
  campaign_id: string;
  item_type: 'gift_card';
  product_uuid: string;
  brand_uuid: string;
  brand_name: string;
  currency: string;
  value_type: 'fixed' | 'range';
  denominations: number[];
  min_value: number;
  max_value: number;
}

/** /api/campaigns/:id/catalog of a crypto campaign: currencies and networks recipients may choose. */
export interface ApiCryptoCatalogEntry {
  uuid: string;
  campaign_id: string;
  item_type: 'crypto';
  currency: string;
  title: string;
  network: { id: number; title: string; id_name: string };
  min_amount: string;
  max_amount: string;
}

export type ApiCatalogEntry = ApiGiftCardCatalogEntry | ApiCryptoCatalogEntry;

export type PayoutStatus =
  | 'pending'
  // crypto, spec 3
  | 'in_progress'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'expired'
  | 'canceled'
  // gift cards (the spec shows none; ours)
  | 'sent'
  | 'redeemed';

export interface ApiPayoutOrderRecipient {
  uuid: string;
  payout_uuid: string;
  email: string;
  name: string;
  /** In the order's wallet currency. */
  amount: Money;
  /** What the recipient is paid in; differs from the wallet currency on a cross-currency crypto send. */
  currency: string;
  /** Simulator only: what will happen (or happened) to this recipient. */
  scenario: ScenarioName;
  brand_uuid?: string;
  brand_name?: string;
}

/** /api/payout-orders, newest first; also the 201 body of POST /api/payout-orders. */
export interface ApiPayoutOrder {
  uuid: string;
  campaign_id: string;
  payout_type: PayoutType;
  wallet_currency: string;
  callback_url: string | null;
  /** Our summary; no webhook reports an order's status (spec 1). */
  status: 'processing' | 'completed' | 'partially_completed' | 'failed';
  recipients_count: number;
  total_amount: Money;
  recipients: ApiPayoutOrderRecipient[];
  created_at: string;
}

/** /api/payouts: one per recipient of every payout order, newest first. */
export interface ApiPayout {
  uuid: string;
  payout_order_uuid: string;
  recipient_uuid: string;
  recipient_email: string;
  recipient_name: string;
  payout_type: PayoutType;
  status: PayoutStatus;
  /** In the order's wallet currency. */
  amount: Money;
  currency: string;
  /** What the recipient is paid in; differs from `currency` on a cross-currency crypto send. */
  recipient_currency: string;
  brand_uuid?: string;
  brand_name?: string;
  created_at: string;
  updated_at: string;
}
