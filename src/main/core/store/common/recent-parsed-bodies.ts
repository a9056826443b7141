import type { EventFacts } from '../../analysis/lifecycle';
import type { ParsedBody } from '../../analysis/parse-body';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';

/**
 * The parsed bodies of the latest deliveries, by row id, or the facts their events add to a lifecycle (when they
 * were analysed on another thread: posted-row.ts): the events of a lifecycle arrive close together, so growing or
 * refreshing its summary mostly finds them here instead of parsing the bodies again.
 */
export class RecentParsedBodies {
  private readonly byId = new Map<number, ParsedBody>();
  private readonly factsById = new Map<number, EventFacts>();

  constructor(private readonly capacity = 2_048) {}

  remember(id: number, parsed: ParsedBody): void {
    keepBounded(this.byId, id, parsed, this.capacity);
  }

  rememberFacts(facts: EventFacts): void {
    keepBounded(this.factsById, facts.id, facts, this.capacity);
  }

  /** The facts of the event a delivery of a lifecycle adds, when they came with its row. */
  facts(id: number): EventFacts | undefined {
    return this.factsById.get(id);
  }

  /** Keeps a stored record's parsed body when a lifecycle summary will need it. */
  rememberStored(id: number, record: Pick<DeliveryRecord, 'parsedBody' | 'analysis'>): void {
    if (record.parsedBody && record.analysis.lifecycle.lifecycleKey !== null) this.remember(id, record.parsedBody);
  }

  get(id: number): ParsedBody | undefined {
    return this.byId.get(id);
  }
}

function keepBounded<T>(byId: Map<number, T>, id: number, value: T, capacity: number): void {
  byId.set(id, value);
  if (byId.size > capacity) byId.delete(byId.keys().next().value!);
}
