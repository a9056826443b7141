import { scenarioNames, type ScenarioName, type SimPayoutOrder } from 'payout-simulator/internal/model';
import { scenarioPayoutType } from 'payout-simulator/internal/scenarios/index';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';

export const startTime = new Date('2026-03-02T09:00:00.000Z');

const cryptoPairs: ReadonlyArray<readonly [wallet: string, recipient: string]> = [
  ['USDC', 'USDC'],
  ['USDT', 'BTC'],
  ['USDC', 'LTC'],
  ['USDT', 'USDT'],
  ['ETH', 'SOL'],
  ['USD', 'ETH'],
  ['BTC', 'BTC'],
  ['USD', 'XRP'],
];
const giftCardAmounts = ['25.00', '50', '10.5', '100.00', '0.99'];

/** An order as the API side would hand it over: `recipients` recipients all on `scenario`, currencies drawn from the seed. */
export function orderFor(scenario: ScenarioName, seed: number, recipients = 3): SimPayoutOrder {
  const random = new SeededRandom(seed);
  const payoutType = scenarioPayoutType(scenario);
  const [wallet, currency] = payoutType === 'gift_cards' ? ['EUR', 'EUR'] : random.pick(cryptoPairs);
  return {
    uuid: random.uuid(),
    campaign_id: 'cmp_spring',
    payout_type: payoutType,
    wallet_currency: wallet,
    callback_url: 'https://127.0.0.1:8443/webhooks',
    created_at: startTime.toISOString(),
    recipients: Array.from({ length: recipients }, (_, i) => ({
      uuid: random.uuid(),
      email: `recipient${i}@example.com`,
      name: `Recipient ${i}`,
      amount: payoutType === 'gift_cards' ? random.pick(giftCardAmounts) : `${random.int(1, 5000)}.${random.int(10, 99)}`,
      currency,
      scenario,
    })),
  };
}

export const allScenarios: readonly ScenarioName[] = scenarioNames;
