/**
 * The simulator's names that the app's contract (src/shared/simulator.ts) and its UI list: its deliberate
 * deviations and its recipient scenarios. Imports nothing, so the renderer can bundle it (the package's
 * `payout-simulator/names` export).
 */
export const faultNames = ['wrong_signature', 'event_header_mismatch', 'wrong_field_type', 'leaked_card_pin'] as const;
export type FaultName = (typeof faultNames)[number];

export const scenarioNames = [
  'crypto_same_currency_completed',
  'crypto_cross_currency_completed',
  'crypto_quote_canceled_then_requoted',
  'crypto_expired',
  'crypto_failed',
  'crypto_completed_tx_hash_follow_up',
  'crypto_form_b_processing',
  'crypto_form_b_failed',
  'gift_card_redeemed',
  'gift_card_failed',
] as const;
export type ScenarioName = (typeof scenarioNames)[number];

export type PayoutType = 'crypto' | 'gift_cards';

export function scenarioPayoutType(name: ScenarioName): PayoutType {
  return name.startsWith('crypto_') ? 'crypto' : 'gift_cards';
}

/** The scenarios a recipient of this payout type can have. */
export function scenariosOf(payoutType: PayoutType): ScenarioName[] {
  return scenarioNames.filter((name) => scenarioPayoutType(name) === payoutType);
}
