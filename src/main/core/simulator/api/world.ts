import type { SimPayoutOrder } from '../model';
import { generateCampaigns } from './generate-campaigns';
import { generateOrders } from './generate-orders';
import { generatePayoutOrders, type StoredPayoutOrder } from './generate-payout-orders';
import { generateProducts } from './generate-products';
import { generateTransactions } from './generate-transactions';
import { newestFirst } from './history';
import { payoutOrderRecord, payoutRecord } from './payout-records';
import { SeededRandom } from '../seeded-random';
import type {
  ApiCampaign,
  ApiCatalogEntry,
  ApiOrder,
  ApiPayout,
  ApiPayoutOrder,
  ApiProduct,
  ApiTransaction,
  PayoutStatus,
} from './records';

/**
 * Everything the simulated API serves: seeded records (the same seed gives the same records) plus the
 * payout orders created while it runs.
 */
export class SimWorld {
  readonly products: readonly ApiProduct[];
  readonly campaigns: readonly ApiCampaign[];
  readonly orders: readonly ApiOrder[];
  readonly transactions: readonly ApiTransaction[];
  /** Draws for created orders (scenarios, currencies, brands left to the seed). */
  readonly creationRandom: SeededRandom;
  private readonly catalogs: ReadonlyMap<string, readonly ApiCatalogEntry[]>;
  private readonly stored: StoredPayoutOrder[];
  private payoutOrderList: ApiPayoutOrder[] | null = null;
  private payoutList: ApiPayout[] | null = null;

  constructor(readonly seed: number) {
    this.products = generateProducts(SeededRandom.forKey(seed, 'products'));
    const { campaigns, catalogs } = generateCampaigns(seed, this.products);
    this.campaigns = campaigns;
    this.catalogs = catalogs;
    this.orders = generateOrders(seed, campaigns);
    this.transactions = generateTransactions(seed, [...new Set(campaigns.map((c) => c.wallet_currency))].sort());
    this.stored = generatePayoutOrders(seed, campaigns, catalogs);
    this.creationRandom = SeededRandom.forKey(seed, 'created-orders');
  }

  campaign(uuid: string): ApiCampaign | undefined {
    return this.campaigns.find((c) => c.uuid === uuid);
  }

  /** The campaign's catalog, or undefined when there is no such campaign. */
  catalog(campaignUuid: string): readonly ApiCatalogEntry[] | undefined {
    return this.catalogs.get(campaignUuid);
  }

  /** Newest first. */
  payoutOrders(): readonly ApiPayoutOrder[] {
    this.payoutOrderList ??= this.stored.map((s) => payoutOrderRecord(s.order, s.payouts)).sort(newestFirst);
    return this.payoutOrderList;
  }

  /** One per recipient of every payout order, newest first. */
  payouts(): readonly ApiPayout[] {
    this.payoutList ??= this.stored.flatMap((s) => s.payouts).sort(newestFirst);
    return this.payoutList;
  }

  /** Adds an order (recipients with `payout_uuid`); its payouts start `pending`. */
  addPayoutOrder(order: SimPayoutOrder): ApiPayoutOrder {
    const payouts = order.recipients.map((r) => payoutRecord(order, r, 'pending', order.created_at));
    this.stored.push({ order, payouts });
    this.invalidate();
    return payoutOrderRecord(order, payouts);
  }

  /** For the event side: moves a payout to the status its latest event reports. False when unknown. */
  setPayoutStatus(payoutUuid: string, status: PayoutStatus, at: Date): boolean {
    for (const { payouts } of this.stored) {
      const payout = payouts.find((p) => p.uuid === payoutUuid);
      if (payout) {
        payout.status = status;
        payout.updated_at = at.toISOString();
        this.invalidate();
        return true;
      }
    }
    return false;
  }

  private invalidate(): void {
    this.payoutOrderList = null;
    this.payoutList = null;
  }
}
