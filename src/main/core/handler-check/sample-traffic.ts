import { classify } from '../analysis/classify';
import { parseBody } from '../analysis/parse-body';
import { orderEvents, scenarioNames, scenarioPayoutType, SeededRandom, type ScenarioEvent, type ScenarioName, type ScenarioOptions, type SimPayoutOrder } from 'payout-simulator';
import type { PayloadForm } from '../../../shared/verdicts';

/** One event of real traffic, as the simulator's scenarios write it (the service's own shapes, spec 2.2-2.4). */
export interface SampleEvent extends ScenarioEvent {
  form: PayloadForm;
  /** What a handler routes on: the form, the event and, on gift cards, the record that changed (spec 6.3). */
  kind: string;
}

function sampleOf(event: ScenarioEvent): SampleEvent {
  const form = classify(parseBody(Buffer.from(event.bodyText)));
  const subject = form === 'gift_cards' ? ` (${(JSON.parse(event.bodyText) as { subject_type?: string }).subject_type ?? '?'})` : '';
  return { ...event, form, kind: `${form} ${event.event}${subject}` };
}

const startTime = new Date('2026-03-02T09:00:00.000Z');

/** A one-recipient order on `scenario` (names with accents: real names are not ASCII). */
function orderOn(scenario: ScenarioName, random: SeededRandom, createdAt: Date): SimPayoutOrder {
  const giftCards = scenarioPayoutType(scenario) === 'gift_cards';
  return {
    uuid: random.uuid(),
    campaign_id: 'cmp_handler_check',
    payout_type: giftCards ? 'gift_cards' : 'crypto',
    wallet_currency: giftCards ? 'EUR' : 'USDT',
    callback_url: 'https://handler.example/webhooks',
    created_at: createdAt.toISOString(),
    recipients: [
      {
        uuid: random.uuid(),
        email: 'zoe.lefevre@example.com',
        name: 'Zoë Lefèvre',
        amount: giftCards ? '25.00' : '1250.75',
        currency: giftCards ? 'EUR' : scenario.includes('cross_currency') ? 'BTC' : 'USDT',
        scenario,
      },
    ],
  };
}

/**
 * Every scenario's events, in event-time order within each scenario; the same seed (and options), the same bytes.
 * By default from a fixed time and without the unknown events a scenario may send.
 */
export function scenarioTraffic(seed: number, options: Partial<ScenarioOptions> = {}): Map<ScenarioName, SampleEvent[]> {
  const random = new SeededRandom(seed);
  const scenarioOptions: ScenarioOptions = { startTime, unknownEventRate: 0, ...options };
  return new Map(
    scenarioNames.map((scenario) => {
      const events = orderEvents(orderOn(scenario, random, scenarioOptions.startTime), random, scenarioOptions);
      return [scenario, events.map(sampleOf)];
    }),
  );
}

/** One event of every kind the scenarios produce (the first of each, in scenario order). */
export function everyKindOfEvent(traffic: Map<ScenarioName, SampleEvent[]>): SampleEvent[] {
  const seen = new Map<string, SampleEvent>();
  for (const event of [...traffic.values()].flat()) if (!seen.has(event.kind)) seen.set(event.kind, event);
  return [...seen.values()];
}
