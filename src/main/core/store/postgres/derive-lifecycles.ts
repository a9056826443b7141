import type pg from 'pg';
import {
  additionsByLifecycle,
  grownSummaryParams,
  growsFromFacts,
  lifecycleColumns,
  lifecycleOfMembers,
  membersUpToSql,
  newEvent,
  summaryParams,
  type LifecycleAddition,
  type MemberRow,
  type StoredGrowth,
} from '../common/lifecycle-members';
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import { replacingOnConflict, unnestInsertSql, unnestParams, type BatchColumn } from './batch-rows';
import { firstCopyOf, type FirstCopies } from './first-copies';
import type { PendingRow } from './pending-row';
import { numbered } from './sql';

type SummaryRow = ReturnType<typeof summaryParams>;

/** The lifecycles table's columns that are not text (schema.ts). */
const columnTypes: Readonly<Record<string, string>> = {
  terminal: 'smallint',
  reordered: 'smallint',
  event_count: 'int',
  delivery_count: 'int',
  error_count: 'int',
  warning_count: 'int',
  info_count: 'int',
  last_delivery_id: 'bigint',
};
const summaryColumns: ReadonlyArray<BatchColumn<SummaryRow>> = lifecycleColumns.map(([name, param]) => ({
  name,
  type: columnTypes[name] ?? 'text',
  value: (row) => row[param],
}));
const upsertSummariesSql = `${unnestInsertSql('lifecycles', summaryColumns)} ${replacingOnConflict('key', summaryColumns)}`;

/**
 * Of the deliveries given (`$1` idempotency keys, `$2` lifecycle keys, `$3` ids), those that are further copies of an
 * event their lifecycle has: an earlier delivery of the lifecycle with their idempotency key. Asked only of those
 * whose key's first copy went to another lifecycle (`furtherCopies`).
 */
const furtherCopiesSql = `SELECT p.id FROM unnest($1::text[], $2::text[], $3::bigint[]) AS p(idempotency_key, lifecycle_key, id)
  WHERE EXISTS (SELECT 1 FROM deliveries d
    WHERE d.idempotency_key = p.idempotency_key AND d.lifecycle_key = p.lifecycle_key AND d.id < p.id)`;

/** Of the lifecycles given (`$1` keys, `$2` ids), those with a delivery before the id: one seek each. */
const withEarlierSql = `SELECT p.key FROM unnest($1::text[], $2::bigint[]) AS p(key, id)
  WHERE EXISTS (SELECT 1 FROM deliveries d WHERE d.lifecycle_key = p.key AND d.id < p.id)`;

/** Copies of known events only: the counts move (`$1` keys, `$2` copies, `$3` latest ids). */
const addCopiesSql = `UPDATE lifecycles AS l SET delivery_count = l.delivery_count + u.copies, last_delivery_id = u.last
  FROM unnest($1::text[], $2::int[], $3::bigint[]) AS u(key, copies, last) WHERE l.key = u.key`;

/**
 * Adds a derived batch's deliveries to their lifecycles' summaries in a few statements whatever its size, with the
 * SQLite store's rules (lifecycles.ts `grow`): a lifecycle that only gets copies of events it has moves its counts;
 * one with new events grows from the facts its row keeps and the new events' bodies (parsed, mostly still at hand);
 * a row from before the facts were kept is rebuilt once from its deliveries. Every summary changed is written back
 * in one statement. Runs under the derivation's lock.
 */
export async function deriveLifecycles(client: pg.PoolClient, rows: readonly PendingRow[], firsts: FirstCopies, parsedBodies: RecentParsedBodies): Promise<void> {
  const byKey = additionsByLifecycle(rows);
  if (byKey.size === 0) return;
  const keys = [...byKey.keys()];
  const copyIds = await furtherCopies(client, byKey, firsts);
  const newEvents = (key: string) => byKey.get(key)!.filter((a) => !copyIds.has(a.id));
  const stored = new Map(
    (
      await client.query<StoredGrowth & { key: string }>('SELECT key, event_facts, delivery_count FROM lifecycles WHERE key = ANY($1::text[])', [keys])
    ).rows.map(({ key, ...row }) => [key, row]),
  );

  const copiesOnly = keys.filter((key) => stored.has(key) && newEvents(key).length === 0);
  if (copiesOnly.length > 0) {
    const added = copiesOnly.map((key) => byKey.get(key)!);
    await client.query(addCopiesSql, [copiesOnly, added.map((a) => a.length), added.map((a) => a.at(-1)!.id)]);
  }
  const copiesOnlyKeys = new Set(copiesOnly);
  const growing = keys.filter((key) => !copiesOnlyKeys.has(key));
  const unstored = growing.filter((key) => !stored.has(key));
  const withEarlier = new Set(
    unstored.length === 0
      ? []
      : (await client.query<{ key: string }>(withEarlierSql, [unstored, unstored.map((key) => byKey.get(key)![0]!.id)])).rows.map((r) => r.key),
  );
  const fromFacts = growing.filter((key) => growsFromFacts(stored.get(key), () => withEarlier.has(key)));
  const fromFactsKeys = new Set(fromFacts);

  const summaries: SummaryRow[] = [];
  const bodies = await bodiesNotAtHand(client, fromFacts.flatMap(newEvents), parsedBodies);
  for (const key of fromFacts) {
    const events = newEvents(key).map((a) => newEvent(a, parsedBodies.get(a.id) ?? bodies.get(a.id)!));
    summaries.push(grownSummaryParams(key, stored.get(key), events, byKey.get(key)!));
  }
  const emptied: string[] = [];
  for (const key of growing.filter((k) => !fromFactsKeys.has(k))) {
    const upTo = byKey.get(key)!.at(-1)!.id;
    const loaded = lifecycleOfMembers(key, (await client.query<MemberRow>(numbered(membersUpToSql), [key, upTo])).rows, parsedBodies);
    if (loaded) summaries.push(summaryParams(loaded));
    else emptied.push(key);
  }
  if (summaries.length > 0) await client.query(upsertSummariesSql, unnestParams(summaryColumns, summaries));
  if (emptied.length > 0) await client.query('DELETE FROM lifecycles WHERE key = ANY($1::text[])', [emptied]);
}

/**
 * The ids of the additions that are further copies of an event their lifecycle has, told by their idempotency key's
 * first copy: none before them, a new event; one in the same lifecycle, a copy. Only where the first copy went to
 * another lifecycle is the lifecycle asked for an earlier copy of its own (one statement): the mix's copies are
 * nearly all told without a read, where a seek for each keyed delivery took a third of the derivation's time.
 */
async function furtherCopies(client: pg.PoolClient, byKey: ReadonlyMap<string, readonly LifecycleAddition[]>, firsts: FirstCopies): Promise<Set<number>> {
  const copies = new Set<number>();
  const unsure: Array<{ key: string; a: LifecycleAddition }> = [];
  for (const [key, added] of byKey) {
    for (const a of added) {
      if (a.idempotencyKey === null) continue;
      const first = firstCopyOf(firsts, { basis: 'idempotency_key', key: a.idempotencyKey });
      if (first !== undefined && first.id >= a.id) continue;
      if (first?.lifecycleKey === key) copies.add(a.id);
      else unsure.push({ key, a });
    }
  }
  if (unsure.length > 0) {
    const { rows } = await client.query<{ id: number }>(furtherCopiesSql, [unsure.map((u) => u.a.idempotencyKey), unsure.map((u) => u.key), unsure.map((u) => u.a.id)]);
    for (const { id } of rows) copies.add(id);
  }
  return copies;
}

/** The bodies of the new events whose parsed body is no longer at hand, by id: one statement. */
async function bodiesNotAtHand(client: pg.PoolClient, events: readonly LifecycleAddition[], parsedBodies: RecentParsedBodies): Promise<Map<number, Buffer>> {
  const ids = events.filter((a) => parsedBodies.get(a.id) === undefined).map((a) => a.id);
  if (ids.length === 0) return new Map();
  const { rows } = await client.query<{ id: number; body: Buffer }>('SELECT id, body FROM deliveries WHERE id = ANY($1::bigint[])', [ids]);
  return new Map(rows.map((r) => [r.id, r.body]));
}
