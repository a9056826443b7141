import type { ParsedBody } from '../../analysis/parse-body';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';

/**
 * The parsed bodies of the latest deliveries, by row id: the events of a lifecycle arrive close
 * together, so refreshing its summary mostly finds its bodies here instead of parsing them again.
 */
export class RecentParsedBodies {
  private readonly byId = new Map<number, ParsedBody>();

  constructor(private readonly capacity = 2_048) {}

  remember(id: number, parsed: ParsedBody): void {
    this.byId.set(id, parsed);
    if (this.byId.size > this.capacity) this.byId.delete(this.byId.keys().next().value!);
  }

  /** Keeps a stored record's parsed body when a lifecycle summary will need it. */
  rememberStored(id: number, record: Pick<DeliveryRecord, 'parsedBody' | 'analysis'>): void {
    if (record.parsedBody && record.analysis.lifecycle.lifecycleKey !== null) this.remember(id, record.parsedBody);
  }

  get(id: number): ParsedBody | undefined {
    return this.byId.get(id);
  }
}
