import type pg from 'pg';
import type { DeliveryIdEvidence, Lifecycle, ListedDuplicateGroup, OrderSummary } from '../../../../shared/lifecycle';
import { recipientView, orderSummary } from '../../analysis/lifecycle';
import { createdOrders } from '../common/created-orders';
import { evidenceOf, evidenceSql, toListedGroup, type EvidenceRow, type GroupHead } from '../common/duplicate-view-rows';
import type { SettingsStore } from '../common/settings-store';
import type { LifecycleFilter, ListedLifecycle } from '../common/lifecycle-listing';
import { orderView, toSummary, type SummaryRow } from '../common/lifecycle-view-rows';
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
import { inTransaction } from './connect';
import { groupFacts, groupFirstCopies } from './group-reads';
import { numbered, select } from './sql';

/** A lifecycle as a view shows it, as the SQLite store's (lifecycle-views.ts), in one snapshot. */
function viewLifecycle(pool: pg.Pool, key: string): Promise<Lifecycle | null> {
  return inTransaction(
    pool,
    async (client) => {
      const [derived] = await select<DerivedEventsRow>(client, derivedEventsSql, [key]);
      const { firstIds, derivedUpTo } = derivedFirstCopies(derived);
      const firstCopies: Array<MemberRow | undefined> = [];
      for (const id of firstIds) firstCopies.push((await select<MemberRow>(client, memberSql, [id]))[0]);
      const firstCopiesAfter = (id: number) => select<MemberRow>(client, firstCopiesAfterSql(''), [key, id]);
      const rows = foundAll(firstIds, firstCopies) ? [...firstCopies, ...(await firstCopiesAfter(derivedUpTo))] : await firstCopiesAfter(0);
      const lifecycle = lifecycleOfMembers(key, rows)?.lifecycle;
      if (!lifecycle) return null;
      const events = [];
      for (const event of lifecycle.events) {
        const grouping = eventGrouping(event);
        if (grouping === null) {
          events.push(withListedCopies(event, event.deliveryIds, null));
          continue;
        }
        const copies = (await select<{ id: number }>(client, eventCopiesSql(''), [grouping.key, key])).map((r) => r.id);
        events.push(withListedCopies(event, copies, listsEvery(copies) ? null : (await groupFacts(client, grouping)).count));
      }
      return { ...lifecycle, events };
    },
    'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
  );
}

/** The reads of the derived results on PostgreSQL: the SQLite store's (duplicate-views.ts, lifecycle-views.ts), the same answers. */
export function pgDerivedViews(pool: pg.Pool, settings: SettingsStore) {
  const lifecyclesOfOrder = async (orderUuid: string) =>
    (
      await pool.query<SummaryRow>(
        // The SQLite store's order: byte order, NULL first.
        'SELECT * FROM lifecycles WHERE order_uuid = $1 ORDER BY recipient_key COLLATE "C" NULLS FIRST, key COLLATE "C"',
        [orderUuid],
      )
    ).rows.map(toSummary);
  const recentOrderUuids = async (limit: number) =>
    (
      await pool.query<{ order_uuid: string }>(
        `SELECT order_uuid FROM lifecycles WHERE order_uuid IS NOT NULL
         GROUP BY order_uuid ORDER BY max(last_delivery_id) DESC LIMIT $1`,
        [limit],
      )
    ).rows.map((r) => r.order_uuid);
  const created = createdOrders(settings);
  /** As lifecycle-views.ts counts them: the Form B sends stored, any of which may be a created order's unnamed recipient's. */
  const formBSendCount = async () =>
    (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM lifecycles WHERE kind = 'crypto_form_b'")).rows[0]!.n;

  return {
    viewLifecycle: (key: string) => viewLifecycle(pool, key),

    /** Each group with its first copies and its facts (never every copy), read in one snapshot. */
    async listDuplicateGroups(beforeLastId: number | undefined, limit: number): Promise<{ items: ListedDuplicateGroup[]; total: number }> {
      return inTransaction(
        pool,
        async (client) => {
          const { rows: heads } = await client.query<GroupHead>(
            `SELECT idempotency_key AS key, basis, first_body_sha256 AS "bodySha256", last_id AS "lastId" FROM duplicate_groups
             WHERE count > 1 ${beforeLastId === undefined ? '' : 'AND last_id < $2'} ORDER BY last_id DESC LIMIT $1`,
            beforeLastId === undefined ? [limit] : [limit, beforeLastId],
          );
          const items: ListedDuplicateGroup[] = [];
          for (const head of heads) {
            const whole = await groupFacts(client, head);
            items.push(toListedGroup(head, whole, await groupFirstCopies(client, head)));
          }
          const { rows } = await client.query<{ n: number }>('SELECT count(*) AS n FROM duplicate_groups WHERE count > 1');
          return { items, total: rows[0]!.n };
        },
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
      );
    },

    async deliveryIdEvidence(): Promise<DeliveryIdEvidence> {
      return evidenceOf((await pool.query<EvidenceRow>(evidenceSql)).rows);
    },

    async listLifecycles(filter: LifecycleFilter, beforeLastDeliveryId: number | undefined, limit: number): Promise<ListedLifecycle[]> {
      const conditions: Array<[string, unknown]> = [];
      if (filter.kind) conditions.push(['kind = ?', filter.kind]);
      if (filter.orderUuid) conditions.push(['order_uuid = ?', filter.orderUuid]);
      if (filter.recipientKey) conditions.push(['recipient_key = ?', filter.recipientKey]);
      if (filter.status) conditions.push(['current_status = ?', filter.status]);
      if (filter.finding) conditions.push(['strpos(finding_codes, ?) > 0', JSON.stringify(filter.finding)]);
      if (beforeLastDeliveryId !== undefined) conditions.push(['last_delivery_id < ?', beforeLastDeliveryId]);
      const where = conditions.length ? conditions.map(([sql]) => sql).join(' AND ') : 'TRUE';
      const { rows } = await pool.query<SummaryRow>(
        numbered(`SELECT * FROM lifecycles WHERE ${where} ORDER BY last_delivery_id DESC LIMIT ?`),
        [...conditions.map(([, value]) => value), limit],
      );
      return rows.map(toSummary);
    },

    async lifecycleFacets(): Promise<{ statuses: string[]; findings: string[]; orders: string[] }> {
      // In byte order, as SQLite sorts text.
      const statuses = await pool.query<{ v: string }>(
        'SELECT DISTINCT current_status COLLATE "C" AS v FROM lifecycles WHERE current_status IS NOT NULL ORDER BY 1',
      );
      const findings = await pool.query<{ v: string }>(
        `SELECT DISTINCT code COLLATE "C" AS v FROM lifecycles, json_array_elements_text(finding_codes::json) AS code
         WHERE finding_codes <> '[]' ORDER BY 1`,
      );
      return { statuses: statuses.rows.map((r) => r.v), findings: findings.rows.map((r) => r.v), orders: await recentOrderUuids(500) };
    },

    async getRecipient(recipientKey: string) {
      const { rows } = await pool.query<SummaryRow>('SELECT * FROM lifecycles WHERE order_uuid = $1 AND recipient_key = $2 ORDER BY key COLLATE "C"', [
        recipientKey.split('|')[0] ?? '',
        recipientKey,
      ]);
      return rows.length === 0 ? null : recipientView(recipientKey, rows.map(toSummary));
    },

    async getOrder(orderUuid: string) {
      const recipients = created.recipients(orderUuid);
      return orderView(orderUuid, await lifecyclesOfOrder(orderUuid), recipients, recipients === null ? 0 : await formBSendCount());
    },

    async listOrders(limit: number): Promise<OrderSummary[]> {
      const listed = (await recentOrderUuids(limit)).map((uuid) => ({ uuid, created: created.recipients(uuid) }));
      const formBSends = listed.some((o) => o.created !== null) ? await formBSendCount() : 0;
      const orders: OrderSummary[] = [];
      for (const o of listed) orders.push(orderSummary(o.uuid, await lifecyclesOfOrder(o.uuid), o.created, formBSends));
      return orders;
    },
  };
}
