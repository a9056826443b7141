import { describe, expect, it } from 'vitest';
import { reconstructLifecycle, summarizeLifecycle, orderSummary, recipientView } from '../../../src/main/core/analysis/lifecycle';
import { orderEvents, type ScenarioEvent } from 'payout-simulator/internal/scenarios/index';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { allScenarios, orderFor, startTime } from '../../../packages/payout-simulator/test/scenarios/orders';
import { stored } from './helpers';

/** The simulator's events of one order, stored in a shuffled arrival order with some sent twice. */
function arrivedEvents(events: ScenarioEvent[], seed: number) {
  const random = new SeededRandom(seed);
  const arrival = [...events];
  for (let i = arrival.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [arrival[i], arrival[j]] = [arrival[j]!, arrival[i]!];
  }
  for (const event of events) if (random.int(0, 4) === 0) arrival.splice(random.int(0, arrival.length), 0, event);
  return arrival.map((event, index) => ({ ...stored(event.bodyText, index + 1), source: event }));
}

describe.each(allScenarios)('the simulated %s scenario, rebuilt from shuffled and repeated deliveries', (scenario) => {
  const seeds = [7, 8, 9];

  it('groups deliveries exactly as the simulator\'s streams, with no error finding, in event-time order', () => {
    for (const seed of seeds) {
      const events = orderEvents(orderFor(scenario, seed, 2), new SeededRandom(seed), { startTime, pace: 60, unknownEventRate: 0.5 });
      const arrived = arrivedEvents(events, seed);
      const byKey = new Map<string, typeof arrived>();
      for (const delivery of arrived) {
        expect(delivery.lifecycleKey).not.toBeNull();
        byKey.set(delivery.lifecycleKey!, [...(byKey.get(delivery.lifecycleKey!) ?? []), delivery]);
      }
      // The simulator's unknown recipient.* events are Form A-shaped, so on a Form B send they make a lifecycle of their own
      // (with no status and no order: unrecognized events alone count for nothing).
      const formB = scenario.startsWith('crypto_form_b');
      if (!formB) expect(byKey.size).toBe(new Set(events.map((e) => e.streamKey)).size);
      const summaries = [...byKey].map(([key, deliveries]) => {
        expect(new Set(deliveries.map((d) => d.source.streamKey)).size).toBe(1);
        const lifecycle = reconstructLifecycle(key, deliveries[0]!.kind!, deliveries);
        expect(lifecycle.findings.filter((f) => f.severity !== 'info')).toEqual([]);
        if (lifecycle.kind !== 'crypto_form_b') {
          const sent = [...new Set(deliveries.map((d) => d.source))].sort((a, b) => a.occurredAt.getTime() - b.occurredAt.getTime());
          expect(lifecycle.events.map((e) => e.event)).toEqual(sent.map((e) => e.event));
        }
        return summarizeLifecycle(lifecycle);
      });
      // A redeemed card's payout ends (completed or failed) rather than staying open forever.
      for (const payout of summaries.filter((s) => s.kind === 'gift_card_payout')) expect(payout).toMatchObject({ terminal: true });
      const inOrder = summaries.filter((s) => s.orderUuid !== null);
      if (formB) {
        expect(inOrder).toEqual([]);
        continue;
      }
      const summary = orderSummary(inOrder[0]!.orderUuid!, inOrder);
      expect(summary.recipients).toBe(2);
      expect(summary.allTerminal).toBe(true);
      for (const key of new Set(inOrder.map((s) => s.recipientKey!))) {
        expect(recipientView(key, inOrder.filter((s) => s.recipientKey === key)).latestStatus).not.toBeNull();
      }
    }
  });
});
