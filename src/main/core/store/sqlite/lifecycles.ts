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
  newEvent,
  grownSummaryParams,
  summaryParams,
} from '../common/lifecycle-members';

/** What names a lifecycle and places it in its order: set by its first events, seldom changed by later ones. */
interface StoredIdentity {
  kind: string;
  subject: string;
  order_uuid: string | null;
  recipient_key: string | null;
  recipient_email: string | null;
}

type SummaryParams = ReturnType<typeof summaryParams>;

const sameIdentity = (stored: StoredIdentity, grown: SummaryParams): boolean =>
  stored.kind === grown.kind &&
  stored.subject === grown.subject &&
  stored.order_uuid === grown.orderUuid &&
  stored.recipient_key === grown.recipientKey &&
  stored.recipient_email === grown.recipientEmail;

/** Lifecycles: rebuilt from their deliveries on read, and summarized into a table at ingest. */
export function lifecycleQueries(db: Db, parsedBodies?: RecentParsedBodies) {
  const members = db.prepare(membersSql);
  const membersUpTo = db.prepare(membersUpToSql);
  const priorCopy = db.prepare(priorCopySql).pluck();
  const earlierMember = db.prepare(earlierMemberSql).pluck();
  const memberBody = db.prepare(memberBodySql).pluck();
  const addCopies = db.prepare(addCopiesSql);
  const storedGrowth = db.prepare(
    'SELECT event_facts, delivery_count, kind, subject, order_uuid, recipient_key, recipient_email FROM lifecycles WHERE key = ?',
  );
  // A growth that leaves the identity as it was writes the other columns only: an UPDATE that sets order_uuid and
  // recipient_key rewrites their index entry (lifecycles_by_order, a random leaf) even when the values are the same.
  const updateGrowth = db.prepare(`
    UPDATE lifecycles SET current_status = @currentStatus, terminal = @terminal, reordered = @reordered,
      event_count = @eventCount, delivery_count = @deliveryCount, first_event_time = @firstEventTime,
      last_event_time = @lastEventTime, error_count = @error, warning_count = @warning, info_count = @info,
      finding_codes = @findingCodes, last_delivery_id = @lastDeliveryId, event_facts = @eventFacts
    WHERE key = @key`);
  const upsert = db.prepare(`
    INSERT INTO lifecycles (key, kind, subject, order_uuid, recipient_key, recipient_email, current_status, terminal,
      reordered, event_count, delivery_count, first_event_time, last_event_time, error_count, warning_count,
      info_count, finding_codes, last_delivery_id, event_facts)
    VALUES (@key, @kind, @subject, @orderUuid, @recipientKey, @recipientEmail, @currentStatus, @terminal, @reordered,
      @eventCount, @deliveryCount, @firstEventTime, @lastEventTime, @error, @warning, @info, @findingCodes,
      @lastDeliveryId, @eventFacts)
    ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, subject = excluded.subject, order_uuid = excluded.order_uuid,
      recipient_key = excluded.recipient_key, recipient_email = excluded.recipient_email,
      current_status = excluded.current_status, terminal = excluded.terminal, reordered = excluded.reordered,
      event_count = excluded.event_count, delivery_count = excluded.delivery_count,
      first_event_time = excluded.first_event_time, last_event_time = excluded.last_event_time,
      error_count = excluded.error_count, warning_count = excluded.warning_count, info_count = excluded.info_count,
      finding_codes = excluded.finding_codes, last_delivery_id = excluded.last_delivery_id,
      event_facts = excluded.event_facts`);
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
