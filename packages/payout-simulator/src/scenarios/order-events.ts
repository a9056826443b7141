import type { PayoutType, ScenarioName, SimPayoutOrder } from '../model';
import { runCryptoScenario, type CryptoScenarioName } from './crypto-scenarios';
import { runGiftCardScenario, type GiftCardScenarioName } from './gift-card-scenarios';
import { RecipientContext } from './recipient-context';
import type { ScenarioEvent, ScenarioOptions } from './scenario-event';
import type { SeededRandom } from '../seeded-random';
import { Timeline } from './timeline';
import { scenarioPayoutType } from '../names';

export { scenarioPayoutType };

/** A scenario that fits the order's payout type; a misfit keeps its outcome where it can (failed stays failed). */
export function scenarioForPayoutType(name: ScenarioName, payoutType: PayoutType): ScenarioName {
  if (scenarioPayoutType(name) === payoutType) return name;
  const failed = name.endsWith('_failed');
  if (payoutType === 'gift_cards') return failed ? 'gift_card_failed' : 'gift_card_redeemed';
  return failed ? 'crypto_failed' : 'crypto_same_currency_completed';
}

/**
 * Every webhook event of an order, for each recipient the streams its scenario produces, sorted by the
 * time they happened. Pure: times come from options.startTime, choices from `random`.
 */
export function orderEvents(order: SimPayoutOrder, random: SeededRandom, options: ScenarioOptions): ScenarioEvent[] {
  const pace = options.pace ?? 1;
  const usedSendIds = new Set<string>();
  const events = order.recipients.flatMap((recipient) => {
    const scenario = scenarioForPayoutType(recipient.scenario, order.payout_type);
    const timeline = new Timeline(options.startTime, pace, random);
    const unknownEventRate = options.unknownEventRate ?? 0;
    const ctx = new RecipientContext(order, recipient, scenario, random, timeline, options.startTime, unknownEventRate, usedSendIds);
    if (scenarioPayoutType(scenario) === 'gift_cards') runGiftCardScenario(scenario as GiftCardScenarioName, ctx);
    else runCryptoScenario(scenario as CryptoScenarioName, ctx);
    return ctx.events;
  });
  return events.sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
}
