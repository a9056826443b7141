import type { Lifecycle, OrderSummary, RecipientView } from '../../../../shared/lifecycle';
import { orderSummary, recipientView } from '../../analysis/lifecycle';
import { createdOrders } from '../common/created-orders';
import type { SettingsStore } from '../common/settings-store';
import type { Db } from './db';
import { settingsQueries } from './settings';
import type { LifecycleFilter } from '../common/lifecycle-listing';
import type { SummaryRow, OrderView } from '../common/lifecycle-view-rows';
import { toSummary, orderView } from '../common/lifecycle-view-rows';
import { lifecycleOfMembers, type MemberRow } from '../common/lifecycle-members';
import {
  derivedEventsSql,
  derivedFirstCopies,
  eventCopiesSql,
  eventGrouping,
  firstCopiesAfterSql,
  foundAll,
  listsEvery,
  memberSql,
  withListedCopies,
  type DerivedEventsRow,
} from '../common/lifecycle-first-copies';
import { groupFacts } from './group-reads';

/**
 * A lifecycle as a view shows it, in one snapshot: rebuilt from its events' first deliveries and those not yet
 * derived, each event's first copies listed and all counted (lifecycle-first-copies.ts).
 */
export function viewLifecycle(db: Db, key: string): Lifecycle | null {
  return db.transaction((): Lifecycle | null => {
    const { firstIds, derivedUpTo } = derivedFirstCopies(db.prepare(derivedEventsSql).get(key) as DerivedEventsRow | undefined);
    const member = db.prepare(memberSql);
    const firstCopies = firstIds.map((id) => member.get(id) as MemberRow | undefined);
    const firstCopiesAfter = (id: number) => db.prepare(firstCopiesAfterSql('+')).all(key, id) as MemberRow[];
    const rows = foundAll(firstIds, firstCopies) ? [...firstCopies, ...firstCopiesAfter(derivedUpTo)] : firstCopiesAfter(0);
    const lifecycle = lifecycleOfMembers(key, rows)?.lifecycle;
    if (!lifecycle) return null;
    const eventCopies = db.prepare(eventCopiesSql('+')).pluck();
    const events = lifecycle.events.map((event) => {
      const grouping = eventGrouping(event);
      if (grouping === null) return withListedCopies(event, event.deliveryIds, null);
      const copies = eventCopies.all(grouping.key, key) as number[];
      return withListedCopies(event, copies, listsEvery(copies) ? null : groupFacts(db, grouping).count);
    });
    return { ...lifecycle, events };
  })();
}

/** Lifecycles most recently touched first; page with beforeLastDeliveryId. */
export function listLifecycles(db: Db, filter: LifecycleFilter, beforeLastDeliveryId: number | undefined, limit: number) {
  const conditions: Array<[string, unknown]> = [];
  if (filter.kind) conditions.push(['kind = ?', filter.kind]);
  if (filter.orderUuid) conditions.push(['order_uuid = ?', filter.orderUuid]);
  if (filter.recipientKey) conditions.push(['recipient_key = ?', filter.recipientKey]);
  if (filter.status) conditions.push(['current_status = ?', filter.status]);
  if (filter.finding) conditions.push(['instr(finding_codes, ?) > 0', JSON.stringify(filter.finding)]);
  if (beforeLastDeliveryId !== undefined) conditions.push(['last_delivery_id < ?', beforeLastDeliveryId]);
  const where = conditions.length ? conditions.map(([sql]) => sql).join(' AND ') : '1';
  const rows = db
    .prepare(`SELECT * FROM lifecycles WHERE ${where} ORDER BY last_delivery_id DESC LIMIT ?`)
    .all(...conditions.map(([, value]) => value), limit) as SummaryRow[];
  return rows.map(toSummary);
}

/** The orders the lifecycle filter offers: UUIDs only, which costs far less than their summaries. */
const facetOrders = 500;

export function lifecycleFacets(db: Db): { statuses: string[]; findings: string[]; orders: string[] } {
  // One index seek per distinct status, rather than a pass over every lifecycle.
  const statuses = db
    .prepare(
      `WITH RECURSIVE status(v) AS (
         SELECT min(current_status) FROM lifecycles
         UNION ALL SELECT (SELECT min(current_status) FROM lifecycles WHERE current_status > status.v) FROM status WHERE v IS NOT NULL
       ) SELECT v FROM status WHERE v IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  // Through lifecycles_with_findings: the condition must stay written as the index's.
  const findings = db
    .prepare("SELECT DISTINCT value FROM lifecycles, json_each(lifecycles.finding_codes) WHERE finding_codes <> '[]' ORDER BY 1")
    .pluck()
    .all() as string[];
  return { statuses, findings, orders: recentOrderUuids(db, facetOrders) };
}

export function getRecipient(db: Db, recipientKey: string): RecipientView | null {
  const rows = db
    .prepare('SELECT * FROM lifecycles WHERE order_uuid = ? AND recipient_key = ? ORDER BY key')
    .all(recipientKey.split('|')[0] ?? '', recipientKey) as SummaryRow[];
  return rows.length === 0 ? null : recipientView(recipientKey, rows.map(toSummary));
}

/** Reads the lifecycles of an order (one statement, for reading many orders). */
function lifecyclesOfOrders(db: Db): (orderUuid: string) => Array<ReturnType<typeof toSummary>> {
  // In a stated order (recipients, then keys), which the PostgreSQL store gives too.
  const query = db.prepare('SELECT * FROM lifecycles WHERE order_uuid = ? ORDER BY recipient_key, key');
  return (orderUuid) => (query.all(orderUuid) as SummaryRow[]).map(toSummary);
}

/** How many Form B sends the store holds (they name no order; any may be a created order's unnamed recipient's). */
function formBSendCount(db: Db): number {
  return db.prepare("SELECT count(*) FROM lifecycles WHERE kind = 'crypto_form_b'").pluck().get() as number;
}

/** `settings`: the store's own (they may hold a change not yet written); a command's connection reads them itself. */
export function getOrder(db: Db, orderUuid: string, settings: SettingsStore = settingsQueries(db)): OrderView | null {
  const created = createdOrders(settings).recipients(orderUuid);
  return orderView(orderUuid, lifecyclesOfOrders(db)(orderUuid), created, created === null ? 0 : formBSendCount(db));
}

/**
 * The orders with the latest activity first: lifecycles newest first, each order where it first appears
 * (its latest delivery; no two lifecycles share one), stopping at `limit` orders instead of grouping them all.
 */
function recentOrderUuids(db: Db, limit: number): string[] {
  const orders = new Set<string>();
  const newestFirst = db.prepare('SELECT order_uuid FROM lifecycles WHERE order_uuid IS NOT NULL ORDER BY last_delivery_id DESC').pluck();
  for (const uuid of newestFirst.iterate() as IterableIterator<string>) {
    if (orders.size >= limit) break;
    orders.add(uuid);
  }
  return [...orders];
}

/** Orders with the most recent activity first, summaries only. */
export function listOrders(db: Db, limit: number, settings: SettingsStore = settingsQueries(db)): OrderSummary[] {
  const lifecyclesOf = lifecyclesOfOrders(db);
  const created = createdOrders(settings);
  const orders = recentOrderUuids(db, limit).map((uuid) => ({ uuid, created: created.recipients(uuid) }));
  // Counted only when an order created here is listed: no other can have unnamed recipients.
  const formBSends = orders.some((o) => o.created !== null) ? formBSendCount(db) : 0;
  return orders.map((o) => orderSummary(o.uuid, lifecyclesOf(o.uuid), o.created, formBSends));
}
