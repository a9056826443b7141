import type { Db } from './db';
import type { RecentParsedBodies } from '../common/recent-parsed-bodies';
import type { MemberRow, LifecycleAddition, StoredGrowth } from '../common/lifecycle-members';
import {
  membersSql,
  lifecycleOfMembers,
  membersUpToSql,
  priorCopySql,
  earlierMemberSql,
  memberBodySql,
  addCopiesSql,
  growsFromFacts,
  lifecycleColumns,
  lifecycleIdentityColumns,
  lifecycleUpsertSql,
  newEvent,
  grownSummaryParams,
  summaryParams,
} from '../common/lifecycle-members';

type StoredIdentity = Record<string, unknown>;
type SummaryParams = ReturnType<typeof summaryParams>;

const identity = lifecycleColumns.filter(([column]) => lifecycleIdentityColumns.has(column));
/** The columns a growth writes when the identity stays (all but the key and the identity). */
const grown = lifecycleColumns.filter(([column]) => column !== 'key' && !lifecycleIdentityColumns.has(column));

const sameIdentity = (stored: StoredIdentity, params: SummaryParams): boolean =>
  identity.every(([column, param]) => stored[column] === params[param]);

const upsertSql = lifecycleUpsertSql((param) => `@${param}`);
// A growth that leaves the identity as it was writes the other columns only: an UPDATE that sets order_uuid and
// recipient_key rewrites their index entry (lifecycles_by_order, a random leaf) even when the values are the same.
const updateGrowthSql = `UPDATE lifecycles SET ${grown.map(([column, param]) => `${column} = @${param}`).join(', ')} WHERE key = @key`;

/** Lifecycles: rebuilt from their deliveries on read, and summarized into a table at ingest. */
export function lifecycleQueries(db: Db, parsedBodies?: RecentParsedBodies) {
  const members = db.prepare(membersSql);
  const membersUpTo = db.prepare(membersUpToSql);
  const priorCopy = db.prepare(priorCopySql).pluck();
  const earlierMember = db.prepare(earlierMemberSql).pluck();
  const memberBody = db.prepare(memberBodySql).pluck();
  const addCopies = db.prepare(addCopiesSql);
  const storedGrowth = db.prepare(
    `SELECT event_facts, delivery_count, ${identity.map(([column]) => column).join(', ')} FROM lifecycles WHERE key = ?`,
  );
  const updateGrowth = db.prepare(updateGrowthSql);
  const upsert = db.prepare(upsertSql);
  const remove = db.prepare('DELETE FROM lifecycles WHERE key = ?');

  /**
   * Adds a derived batch's deliveries of one lifecycle (`added`, in arrival order) to its summary. Copies of
   * events it has cost one index seek each and an update of the counts; a new event is read alone (its parsed
   * body is mostly still at hand) and joins the facts the row keeps of the others. Either way the row is what a
   * rebuild from every delivery up to the last would give.
   */
  const grow = (key: string, added: readonly LifecycleAddition[]): void => {
    const last = added.at(-1)!.id;
    const fresh = added.filter((a) => a.idempotencyKey === null || priorCopy.get(a.idempotencyKey, key, a.id) === undefined);
    if (fresh.length === 0 && addCopies.run(added.length, last, key).changes === 1) return;
    const stored = storedGrowth.get(key) as (StoredGrowth & StoredIdentity) | undefined;
    if (growsFromFacts(stored, () => earlierMember.get(key, added[0]!.id) !== undefined)) {
      const events = fresh.map((a) => newEvent(a, parsedBodies?.get(a.id) ?? (memberBody.get(a.id) as Buffer)));
      const params = grownSummaryParams(key, stored, events, added);
      if (stored !== undefined && sameIdentity(stored, params)) updateGrowth.run(params);
      else upsert.run(params);
      return;
    }
    const loaded = lifecycleOfMembers(key, membersUpTo.all(key, last) as MemberRow[], parsedBodies);
    if (loaded) upsert.run(summaryParams(loaded));
    else remove.run(key);
  };

  /** Summarises a lifecycle again from all its deliveries (retention, after some of them were pruned). */
  const refresh = (key: string): void => {
    const loaded = lifecycleOfMembers(key, members.all(key) as MemberRow[], parsedBodies);
    if (loaded) upsert.run(summaryParams(loaded));
    else remove.run(key);
  };

  return {
    load: (key: string) => lifecycleOfMembers(key, members.all(key) as MemberRow[], parsedBodies)?.lifecycle ?? null,
    grow,
    refresh,
    clear: () => db.exec('DELETE FROM lifecycles'),
  };
}
