import type { SimPayoutOrder } from '../model';
import { generateCampaigns } from './generate-campaigns';
import { generateOrders } from './generate-orders';
import { generatePayoutOrders, type StoredPayoutOrder } from './generate-payout-orders';
import { generateProducts } from './generate-products';
import { generateTransactions } from './generate-transactions';
import { newestFirst } from './history';
import { payoutOrderRecord, payoutRecord } from './payout-records';
import { timelineOf, type PayoutTimeline } from './payout-timeline';
import type { ScenarioEvent } from '../scenarios/scenario-event';
import { SeededRandom } from '../seeded-random';
import type {
  ApiCampaign,
  ApiCatalogEntry,
  ApiOrder,
  ApiPayout,
  ApiPayoutOrder,
  ApiProduct,
  ApiTransaction,
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

  /** Created orders' payouts and when their webhooks occur: they move as those times pass. */
  private readonly timelines = new Map<ApiPayout, PayoutTimeline>();

  constructor(
    readonly seed: number,
    private readonly now: () => Date = () => new Date(),
  ) {
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
    this.advance();
    this.payoutOrderList ??= this.stored.map((s) => payoutOrderRecord(s.order, s.payouts)).sort(newestFirst);
    return this.payoutOrderList;
  }

  /** One per recipient of every payout order, newest first. */
  payouts(): readonly ApiPayout[] {
    this.advance();
    this.payoutList ??= this.stored.flatMap((s) => s.payouts).sort(newestFirst);
    return this.payoutList;
  }

  /**
   * Adds an order (recipients with `payout_uuid`). Its payouts start `pending`; given the webhook events the
   * order produces, each payout is `processing` from its recipient's first event and reaches the status its
   * scenario ends in with the last, as the service's own records would.
   */
  addPayoutOrder(order: SimPayoutOrder, events: readonly ScenarioEvent[] = []): ApiPayoutOrder {
    const payouts = order.recipients.map((r) => payoutRecord(order, r, 'pending', order.created_at));
    this.stored.push({ order, payouts });
    order.recipients.forEach((recipient, i) => {
      const timeline = timelineOf(recipient, events);
      if (timeline) this.timelines.set(payouts[i]!, timeline);
    });
    this.invalidate();
    this.advance();
    return payoutOrderRecord(order, payouts);
  }

  /** Brings created orders' payouts to where their timelines stand now. */
  private advance(): void {
    const now = this.now().getTime();
    let moved = false;
    for (const [payout, timeline] of this.timelines) {
      const reached = timeline.statusAt(now);
      if (reached === null || payout.status === reached.status) continue;
      payout.status = reached.status;
      payout.updated_at = reached.at;
      moved = true;
      if (reached.status === timeline.final) this.timelines.delete(payout);
    }
    if (moved) this.payoutOrderList = null;
  }

  private invalidate(): void {
    this.payoutOrderList = null;
    this.payoutList = null;
  }
}
