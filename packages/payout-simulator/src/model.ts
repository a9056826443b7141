import { randomBytes } from 'node:crypto';
import type { PayoutType, ScenarioName } from './names';

/**
 * The simulator's shared vocabulary: what the API side (orders, lists, secret) hands to the
 * event side (scenarios, dispatcher). Field names follow the service's JSON (snake_case) where
 * the records are served as they are.
 */

export { scenarioNames, type PayoutType, type ScenarioName } from './names';

export interface SimRecipient {
  uuid: string;
  email: string;
  name: string;
  /** Decimal string in the order's wallet currency. */
  amount: string;
  /** Crypto: the currency the recipient is paid in (cross-currency when it differs from the wallet's). */
  currency: string;
  /** What will happen to this recipient; chosen by the order or drawn from the seed. */
  scenario: ScenarioName;
  /** The payout record of this recipient as listed by /api/payouts (gift cards: `payout_uuid` of payout.processing). */
  payout_uuid?: string;
  /** Gift cards: the brand of the card, from the campaign's catalog (`brand_uuid`, `brand_name` of payout.processing). */
  brand?: { uuid: string; name: string };
  /** A test fault: events of this recipient never sent (its payout record moves on all the same). */
  skipEvents?: readonly string[];
  /** A test fault: the status its payout record ends at, in place of its scenario's. */
  apiFinalStatus?: string;
}

export interface SimPayoutOrder {
  uuid: string;
  campaign_id: string;
  payout_type: PayoutType;
  wallet_currency: string;
  callback_url: string | null;
  created_at: string;
  recipients: SimRecipient[];
}

/**
 * The account: its API token, and the secret its webhooks are signed with (and GET /api/webhooks lists):
 * the one its host says is in force, else its own, created on first use and stable afterwards.
 */
export class SimAccount {
  private hostSecret: () => string | null = () => null;

  constructor(
    readonly apiToken: string,
    private secret: string | null = null,
    /** Called once when the secret is created, so a host can keep it across restarts. */
    private readonly onSecretCreated: (secret: string) => void = () => {},
  ) {}

  signingSecret(): string {
    return this.hostSecret() ?? this.ownSecret();
  }

  /** The account's own secret: a demo secret, never the user's. */
  ownSecret(): string {
    if (this.secret === null) {
      this.secret = `whsec_${randomBytes(24).toString('hex')}`;
      this.onSecretCreated(this.secret);
    }
    return this.secret;
  }

  /** Signs with the host's secret whenever it has one (the user's own, given to the inspector). */
  signWithHostSecret(hostSecret: () => string | null): void {
    this.hostSecret = hostSecret;
  }
}
