import type { ScenarioEvent } from '../scenarios/scenario-event';
import type { SeededRandom } from '../seeded-random';

export interface PlanOptions {
  /** Chance that an event is also sent a second time, with the same bytes (spec 6 rule 1). */
  duplicateRate: number;
  /** Chance that an event is held back until after the next event of its stream (spec 6 rule 2). */
  reorderRate: number;
  timeScale: number;
}

export interface PlannedDelivery {
  event: ScenarioEvent;
  /** When the first attempt is due (ms, same clock as the events' times). */
  dueAt: number;
  /** Index in the plan of the event this one duplicates. */
  duplicateOf: number | null;
  /** Held back so that it arrives after a later event of its stream. */
  reordered: boolean;
}

/** Simulated seconds to wall-clock ms under the time scale, never below 1 ms. */
function scaled(random: SeededRandom, minSeconds: number, maxSeconds: number, timeScale: number): number {
  return Math.max(1, (random.between(minSeconds, maxSeconds) * 1000) / timeScale);
}

/**
 * When each event is first sent, and which are also sent twice. Every draw happens in the events' order,
 * so a seed fixes the decisions whatever the network does later. A held event is due after its stream's
 * next event (as finally scheduled), so the inversion is real; the last event of a stream has nothing to
 * fall behind.
 */
export function planDeliveries(events: readonly ScenarioEvent[], random: SeededRandom, options: PlanOptions): PlannedDelivery[] {
  const decisions = events.map(() => ({
    hold: random.chance(options.reorderRate) ? scaled(random, 1, 5, options.timeScale) : null,
    duplicateDelay: random.chance(options.duplicateRate) ? scaled(random, 1, 30, options.timeScale) : null,
  }));
  const dueAt = events.map((event) => event.occurredAt.getTime());
  const reordered = events.map(() => false);
  const byStream = new Map<string, number[]>();
  events.forEach((event, index) => byStream.set(event.streamKey, [...(byStream.get(event.streamKey) ?? []), index]));
  for (const indices of byStream.values()) {
    indices.sort((a, b) => dueAt[a]! - dueAt[b]! || a - b);
    for (let k = indices.length - 2; k >= 0; k--) {
      const index = indices[k]!;
      const hold = decisions[index]!.hold;
      if (hold === null) continue;
      dueAt[index] = dueAt[indices[k + 1]!]! + hold;
      reordered[index] = true;
    }
  }
  const plan: PlannedDelivery[] = events.map((event, index) => ({
    event,
    dueAt: dueAt[index]!,
    duplicateOf: null,
    reordered: reordered[index]!,
  }));
  events.forEach((event, index) => {
    const delay = decisions[index]!.duplicateDelay;
    if (delay !== null) plan.push({ event, dueAt: dueAt[index]! + delay, duplicateOf: index, reordered: false });
  });
  return plan;
}
