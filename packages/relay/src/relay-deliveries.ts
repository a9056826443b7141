import type pg from 'pg';
import type { CapturedDelivery } from '@webhook-inspector/capture';
import type { RelayedDelivery, RelayPage } from './pull-wire';
import { type Cursor, cursorText } from './relay-cursor';

const insertColumns = [
  'channel_id', 'received_at', 'method', 'path', 'query', 'headers', 'body', 'body_truncated',
  'remote_address', 'tls', 'response_status', 'response_reason',
];

/** A delivery to store, and its channel (none: outside every channel). */
export interface ChannelDelivery {
  channelId: string | null;
  record: CapturedDelivery;
}

function insertValues({ channelId, record: { raw, facts, response } }: ChannelDelivery): unknown[] {
  return [
    channelId,
    facts.receivedAt,
    raw.method,
    raw.path,
    raw.query,
    JSON.stringify(raw.headers),
    Buffer.from(raw.body.buffer, raw.body.byteOffset, raw.body.byteLength),
    raw.bodyTruncated,
    facts.remoteAddress,
    facts.tls,
    response.status,
    response.reason,
  ];
}

/**
 * Stores deliveries as captured, in one transaction (one commit, one WAL flush), and wakes every relay's streams
 * of their channels; resolves with their ids, in order, once committed.
 */
export async function insertRelayDeliveries(pool: pg.Pool, deliveries: ReadonlyArray<ChannelDelivery>): Promise<number[]> {
  const params: unknown[] = [];
  const rows = deliveries.map((delivery) => {
    const placeholders = insertValues(delivery).map((value) => `$${params.push(value)}`);
    return `(${placeholders.join(', ')})`;
  });
  const { rows: stored } = await pool.query<{ id: string }>(
    `WITH stored AS (
       INSERT INTO relay_deliveries (${insertColumns.join(', ')}) VALUES ${rows.join(', ')} RETURNING id, channel_id),
     woken AS (SELECT pg_notify('relay_deliveries', channel_id::text) FROM (SELECT DISTINCT channel_id FROM stored) channels
               WHERE channel_id IS NOT NULL)
     SELECT id, (SELECT count(*) FROM woken) AS woken FROM stored ORDER BY id`,
    params,
  );
  return stored.map((row) => Number(row.id));
}

interface DeliveryRow {
  id: string;
  /** As text: an output column named xid would make ORDER BY xid sort by the text. */
  xid_text: string;
  received_at: string;
  method: string;
  path: string;
  query: string;
  headers: string;
  body: Buffer;
  body_truncated: boolean;
  remote_address: string | null;
  tls: boolean;
  response_status: number;
  response_reason: string;
}

function toRelayed(row: DeliveryRow, channel: string): RelayedDelivery {
  return {
    cursor: `${row.xid_text}:${row.id}`,
    relayId: row.id,
    channel,
    receivedAt: Number(row.received_at),
    method: row.method,
    path: row.path,
    query: row.query,
    headers: JSON.parse(row.headers) as Array<[string, string]>,
    bodyBase64: row.body.toString('base64'),
    bodyTruncated: row.body_truncated,
    remoteAddress: row.remote_address,
    tls: row.tls,
    response: { status: row.response_status, reason: row.response_reason },
  };
}

/** Rows ready to hand out after ($2, $3): only those of transactions older than every one still open. */
const ready = `channel_id = $1 AND (xid, id) > ($2::text::xid8, $3::bigint) AND xid < pg_snapshot_xmin(pg_current_snapshot())`;

/** A delivery read for handing out, with its position. */
export interface ReadDelivery {
  at: Cursor;
  delivery: RelayedDelivery;
}

/**
 * Deliveries of a channel after a cursor, oldest first, in one query. Only rows of transactions older than every
 * one still open are read: a row another relay commits later always sorts after what was already handed out.
 */
export async function readAfter(pool: pg.Pool, channel: { id: string; name: string }, after: Cursor, limit: number): Promise<ReadDelivery[]> {
  const { rows } = await pool.query<DeliveryRow>(
    `SELECT id, xid::text AS xid_text, received_at, method, path, query, headers, body, body_truncated, remote_address, tls,
            response_status, response_reason
       FROM relay_deliveries WHERE ${ready} ORDER BY xid, id LIMIT $4`,
    [channel.id, after.xid.toString(), after.id.toString(), limit],
  );
  return rows.map((row) => ({ at: { xid: BigInt(row.xid_text), id: BigInt(row.id) }, delivery: toRelayed(row, channel.name) }));
}

/** One page of the catch-up, and how many are ready behind it. */
export async function pageAfter(pool: pg.Pool, channel: { id: string; name: string }, after: Cursor, limit: number): Promise<RelayPage> {
  const read = await readAfter(pool, channel, after, limit);
  const next = read.at(-1)?.at ?? after;
  const { rows: counted } = await pool.query<{ behind: string }>(
    `SELECT count(*) AS behind FROM relay_deliveries WHERE ${ready}`,
    [channel.id, next.xid.toString(), next.id.toString()],
  );
  return { deliveries: read.map((r) => r.delivery), cursor: cursorText(next), behind: Number(counted[0]?.behind ?? 0) };
}
