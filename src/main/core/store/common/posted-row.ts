import { eventFacts, type EventFacts } from '../../analysis/lifecycle';
import type { DeliveryRecord } from '../../delivery-record/delivery-record';
import { insertValues } from './delivery-columns';

/** An event's facts before its delivery has a row id. */
export type FactsWithoutId = Omit<EventFacts, 'id'>;

/**
 * A delivery analysed on the thread that read it, as it is posted to the writer's thread: its row as plain values
 * (cheaper to copy than the record with its parsed body), and, when it belongs to a lifecycle, the facts its event
 * would add there, so that the writer never parses its body again to grow that lifecycle.
 */
export interface PostedRow {
  row: unknown[];
  eventFacts?: FactsWithoutId;
}

export function postedRow(record: DeliveryRecord): PostedRow {
  const row = insertValues(record);
  const { kind, lifecycleKey } = record.analysis.lifecycle;
  if (lifecycleKey === null || kind === null || record.parsedBody === undefined) return { row };
  const { id: _noIdYet, ...facts } = eventFacts(kind, {
    id: 0,
    body: record.raw.body,
    parsed: record.parsedBody,
    idempotencyKey: record.analysis.idempotencyKey,
  });
  return { row, eventFacts: facts };
}
