import type { ReplayManyOptions } from '../../../shared/replay';
import { compareTimeTexts } from '../analysis/lifecycle';
import { SeededRandom } from 'payout-simulator';

export interface Orderable {
  id: number;
  receivedAt: number;
  eventTime: string | null;
}

export function byArrival<T extends Orderable>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.receivedAt - b.receivedAt || a.id - b.id);
}

/** By event time as an instant (unreadable times last), then by arrival. */
export function byEventTime<T extends Orderable>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareTimeTexts(a.eventTime, b.eventTime) || a.receivedAt - b.receivedAt || a.id - b.id);
}

/** In the order of a list of ids (a lifecycle's event order); items it does not name go last, by arrival. */
export function byIdList<T extends Orderable>(items: readonly T[], ids: readonly number[]): T[] {
  const rank = new Map(ids.map((id, index) => [id, index]));
  const missing = Number.MAX_SAFE_INTEGER;
  return byArrival(items).sort((a, b) => (rank.get(a.id) ?? missing) - (rank.get(b.id) ?? missing));
}

/**
 * The sequence a "replay many" sends: event-time order (a lifecycle's own order when given), arrival
 * order, a seeded shuffle of the arrival order, or event-time order with each delivery sent twice in a row.
 */
export function replaySequence<T extends Orderable>(
  items: readonly T[],
  options: Pick<ReplayManyOptions, 'order' | 'seed'>,
  lifecycleOrder: readonly number[] | null = null,
): T[] {
  const eventOrder = () => (lifecycleOrder ? byIdList(items, lifecycleOrder) : byEventTime(items));
  switch (options.order) {
    case 'arrival':
      return byArrival(items);
    case 'shuffled':
      return new SeededRandom(options.seed).shuffled(byArrival(items));
    case 'twice':
      return eventOrder().flatMap((item) => [item, item]);
    case 'event_time':
      return eventOrder();
  }
}

/** The target's answers: status code (or "error" when no complete answer came) → count. */
export function summarizeAnswers(results: ReadonlyArray<{ response: { status: number } | null; error: string | null }>) {
  const answers: Record<string, number> = {};
  for (const result of results) {
    const key = result.error !== null || result.response === null ? 'error' : String(result.response.status);
    answers[key] = (answers[key] ?? 0) + 1;
  }
  return answers;
}
