import type pg from 'pg';

/** A position in a channel's stream: the writing transaction's id and the row id, in that order. */
export interface Cursor {
  xid: bigint;
  id: bigint;
}

export const startCursor = '0:0';

/** A request the pull API refuses as it stands: answered 400 with its message. */
export class BadPullRequest extends Error {
  readonly status = 400;
}

const largestXid = 2n ** 64n - 1n; // xid8 is unsigned 64-bit
const largestId = 2n ** 63n - 1n; // bigint

/** Reads a cursor as handed out (`XID:ID`); a BadPullRequest saying what is wrong with anything else. */
export function parseCursor(text: string): Cursor {
  const match = /^(\d{1,20}):(\d{1,20})$/.exec(text);
  if (!match) throw new BadPullRequest(`not a cursor: ${JSON.stringify(text.slice(0, 100))} (a cursor is XID:ID, two whole numbers, as a page's "cursor" gives it)`);
  const cursor = { xid: BigInt(match[1]!), id: BigInt(match[2]!) };
  if (cursor.xid > largestXid) throw new BadPullRequest(`the cursor's transaction id ${match[1]} is out of range (at most ${largestXid})`);
  if (cursor.id > largestId) throw new BadPullRequest(`the cursor's delivery id ${match[2]} is out of range (at most ${largestId})`);
  return cursor;
}

export function cursorText(cursor: Cursor): string {
  return `${cursor.xid}:${cursor.id}`;
}

/** Whether `a` comes after `b` in commit order. */
export function isAfter(a: Cursor, b: Cursor): boolean {
  return a.xid > b.xid || (a.xid === b.xid && a.id > b.id);
}

/**
 * Refuses a cursor from a transaction this database has not issued yet (from another relay database, or made up):
 * every delivery would sort before it, and a laptop holding it would wait for ever and never be told.
 */
export async function checkCursorIssued(pool: pg.Pool, cursor: Cursor): Promise<void> {
  if (cursor.xid === 0n) return;
  const { rows } = await pool.query<{ issued: boolean }>(
    'SELECT $1::text::xid8 < pg_snapshot_xmax(pg_current_snapshot()) AS issued',
    [cursor.xid.toString()],
  );
  if (!rows[0]?.issued) {
    throw new BadPullRequest(`the cursor's transaction id ${cursor.xid} is ahead of this relay's database: the cursor is from another relay database, or made up`);
  }
}
