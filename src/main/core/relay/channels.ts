import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { tokenHash } from '../token-hash';

/** A receiving path prefix (`/c/<name>/…`) and the token that pulls what it received. */
export interface Channel {
  id: string;
  name: string;
  keepDays: number | null;
  keepBytes: number | null;
}

export interface ChannelHoldings extends Channel {
  createdAt: string;
  deliveries: number;
  bytes: number;
  oldestReceivedAt: number | null;
}

const channelName = /^[a-z0-9][a-z0-9_-]{0,62}$/;

export function validChannelName(name: string): boolean {
  return channelName.test(name);
}

interface ChannelRow {
  id: string;
  name: string;
  keep_days: number | null;
  keep_bytes: string | null;
}

function toChannel(row: ChannelRow): Channel {
  return { id: row.id, name: row.name, keepDays: row.keep_days, keepBytes: row.keep_bytes === null ? null : Number(row.keep_bytes) };
}

export async function createChannel(
  pool: pg.Pool,
  name: string,
  retention: { keepDays: number | null; keepBytes: number | null },
): Promise<{ channel: Channel; token: string }> {
  if (!validChannelName(name)) {
    throw new Error(`a channel name is 1 to 63 of a-z, 0-9, "-" and "_", starting with a letter or digit; got ${JSON.stringify(name)}`);
  }
  const token = `wir_${randomBytes(32).toString('base64url')}`;
  const { rows } = await pool.query<ChannelRow>(
    `INSERT INTO relay_channels (name, token_sha256, keep_days, keep_bytes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO NOTHING RETURNING id, name, keep_days, keep_bytes`,
    [name, tokenHash(token), retention.keepDays, retention.keepBytes],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`a channel named ${name} exists already`);
  return { channel: toChannel(row), token };
}

/** The channel a pull token opens; null for any token that opens none (the caller cannot tell why). */
export async function channelForToken(pool: pg.Pool, token: string): Promise<Channel | null> {
  const { rows } = await pool.query<ChannelRow>(
    'SELECT id, name, keep_days, keep_bytes FROM relay_channels WHERE token_sha256 = $1',
    [tokenHash(token)],
  );
  return rows[0] ? toChannel(rows[0]) : null;
}

export async function channelHoldings(pool: pg.Pool): Promise<ChannelHoldings[]> {
  const { rows } = await pool.query<ChannelRow & { created_at: Date; deliveries: string; bytes: string | null; oldest: string | null }>(`
    SELECT c.id, c.name, c.keep_days, c.keep_bytes, c.created_at,
           count(d.id) AS deliveries, sum(octet_length(d.body)) AS bytes, min(d.received_at) AS oldest
      FROM relay_channels c LEFT JOIN relay_deliveries d ON d.channel_id = c.id
     GROUP BY c.id ORDER BY c.name`);
  return rows.map((row) => ({
    ...toChannel(row),
    createdAt: row.created_at.toISOString(),
    deliveries: Number(row.deliveries),
    bytes: Number(row.bytes ?? 0),
    oldestReceivedAt: row.oldest === null ? null : Number(row.oldest),
  }));
}
