/*
 * A lifecycle as a view shows it, without reading every copy of its events: a retry storm makes one event hundreds of
 * thousands of deliveries. Its summary row names the first delivery of each event it has derived (`event_facts`);
 * those are read by id, with the first copies stored since (the derivation runs just after each commit), and rebuilt
 * as before: the rules read nothing of an event but its first copy. Each event then lists its first copies (up to
 * `listedCopiesLimit`, an index seek) and counts them all (past the limit, from its duplicate group's facts).
 */
import { listedCopiesLimit } from '../../../../shared/delivery';
import type { LifecycleEvent } from '../../../../shared/lifecycle';
import type { DuplicateGrouping } from './duplicate-grouping';
import type { MemberRow } from './lifecycle-members';
import { eventsOfStoredFacts } from './stored-event-facts';

/** The lifecycle's summary row (its key as `?`): the events it has derived and its latest derived delivery. */
export const derivedEventsSql = 'SELECT event_facts, last_delivery_id FROM lifecycles WHERE key = ?';

export interface DerivedEventsRow {
  event_facts: string | null;
  last_delivery_id: number;
}

/** One delivery of a lifecycle (its id as `?`). */
export const memberSql = 'SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM deliveries WHERE id = ?';

/**
 * `+` on SQLite, which keeps its planner on the keys' index by idempotency key (one seek for a key's copies in a
 * lifecycle) rather than walking the lifecycle's every delivery; nothing on PostgreSQL, whose planner picks that
 * index by its statistics.
 */
export type PlannerHint = '+' | '';

/**
 * The lifecycle's deliveries after an id that are the first of their event (parameters: lifecycle key, id), in
 * arrival order: a seek of the keys' index by lifecycle, and for each delivery one of their index by idempotency
 * key. Only these bodies are read: a copy of an earlier event is not returned.
 */
export const firstCopiesAfterSql = (hint: PlannerHint) =>
  `SELECT id, body, idempotency_key, received_at, lifecycle_kind FROM delivery_keys AS k JOIN deliveries ON id = k.row_id
   WHERE k.lifecycle = ? AND k.row_id > ? AND (k.idempotency IS NULL OR NOT EXISTS (
     SELECT 1 FROM delivery_keys AS p WHERE p.idempotency = k.idempotency AND ${hint}p.lifecycle = k.lifecycle AND p.row_id < k.row_id))
   ORDER BY k.row_id`;

/** An event's first copies, one past the listed ones (parameters: idempotency key, lifecycle key): one seek. */
export const eventCopiesSql = (hint: PlannerHint) =>
  `SELECT row_id AS id FROM delivery_keys WHERE idempotency = ? AND ${hint}lifecycle = ? ORDER BY row_id LIMIT ${listedCopiesLimit + 1}`;

/**
 * What to read of a lifecycle: its derived events' first deliveries, and the first copies after `derivedUpTo`.
 * Without a row (nothing derived yet) or without facts (a row from before schema 17 that has not grown since),
 * every first copy, found by a walk of the lifecycle's deliveries (their bodies left unread).
 */
export function derivedFirstCopies(row: DerivedEventsRow | undefined): { firstIds: number[]; derivedUpTo: number } {
  if (row === undefined || row.event_facts === null) return { firstIds: [], derivedUpTo: 0 };
  return { firstIds: eventsOfStoredFacts(row.event_facts).map((event) => event.id), derivedUpTo: row.last_delivery_id };
}

/** The duplicate group whose copies an event's are, when it has an idempotency key (without one it is its one delivery). */
export function eventGrouping(event: LifecycleEvent): DuplicateGrouping | null {
  return event.idempotencyKey === null ? null : { basis: 'idempotency_key', key: event.idempotencyKey };
}

/** Whether an event's first copies, as read by `eventCopiesSql`, are all its copies. */
export function listsEvery(firstCopies: readonly number[]): boolean {
  return firstCopies.length <= listedCopiesLimit;
}

/**
 * An event with its first copies listed and all of them counted: `firstCopies` as read by `eventCopiesSql`, and
 * `groupCount` its duplicate group's count (asked only when they are not all listed: see `listsEvery`).
 */
export function withListedCopies(event: LifecycleEvent, firstCopies: readonly number[], groupCount: number | null): LifecycleEvent {
  const copyCount = listsEvery(firstCopies) || groupCount === null ? firstCopies.length : groupCount;
  return { ...event, deliveryIds: firstCopies.slice(0, listedCopiesLimit), copyCount };
}

/** Whether every derived event's first delivery was found (else, as after a deletion not yet summarized, walk them all). */
export function foundAll(firstIds: readonly number[], found: ReadonlyArray<MemberRow | undefined>): found is MemberRow[] {
  return found.length === firstIds.length && found.every((row) => row !== undefined);
}
