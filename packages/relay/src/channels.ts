import { randomBytes } from 'node:crypto';
import { userInfo } from 'node:os';
import type pg from 'pg';
import { tokenHash } from '@webhook-inspector/capture';

/** Where a relay hears that a channel's access changed (rotated or revoked), from whichever process changed it. */
export const channelChanges = 'relay_channels';

/** A receiving path prefix (`/c/<name>/…`) and the token that pulls what it received. */
export interface Channel {
  id: string;
  name: string;
  keepDays: number | null;
  keepBytes: number | null;
}

export interface ChannelHoldings extends Channel {
  createdAt: string;
  /** When it was revoked (ISO-8601); null while open. */
  revokedAt: string | null;
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

/** Who changes a channel: the OS user running the command. */
export function currentActor(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? 'unknown'}`;
  }
}

function newToken(): string {
  return `wir_${randomBytes(32).toString('base64url')}`;
}

/** Runs a change of channels in one transaction: its audit entry and its notification commit with it, or neither. */
async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function audited(client: pg.PoolClient, actor: string, action: string, channel: Channel): Promise<void> {
  await client.query('INSERT INTO relay_audit (actor, action, channel) VALUES ($1, $2, $3)', [actor, action, channel.name]);
  await client.query('SELECT pg_notify($1, $2)', [channelChanges, channel.id]);
}

export async function createChannel(
  pool: pg.Pool,
  name: string,
  retention: { keepDays: number | null; keepBytes: number | null },
  actor = currentActor(),
): Promise<{ channel: Channel; token: string }> {
  if (!validChannelName(name)) {
    throw new Error(`a channel name is 1 to 63 of a-z, 0-9, "-" and "_", starting with a letter or digit; got ${JSON.stringify(name)}`);
  }
  const token = newToken();
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<ChannelRow>(
      `INSERT INTO relay_channels (name, token_sha256, keep_days, keep_bytes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO NOTHING RETURNING id, name, keep_days, keep_bytes`,
      [name, tokenHash(token), retention.keepDays, retention.keepBytes],
    );
    const row = rows[0];
    if (row === undefined) throw new Error(`a channel named ${name} exists already (relay channel rotate ${name} gives it a new token)`);
    const channel = toChannel(row);
    await audited(client, actor, 'create', channel);
    return { channel, token };
  });
}

/** The open channel named so, locked for a change; an error saying why there is none. */
async function openChannelForUpdate(client: pg.PoolClient, name: string): Promise<Channel> {
  const { rows } = await client.query<ChannelRow & { revoked: boolean }>(
    'SELECT id, name, keep_days, keep_bytes, revoked_at IS NOT NULL AS revoked FROM relay_channels WHERE name = $1 FOR UPDATE',
    [name],
  );
  const row = rows[0];
  if (row === undefined) throw new Error(`no channel named ${name} (relay channel list shows them)`);
  if (row.revoked) throw new Error(`the channel ${name} is revoked; create a channel of another name`);
  return toChannel(row);
}

/** A new pull token for a channel; the old one opens nothing from the commit on, and every relay closes its streams. */
export async function rotateChannelToken(pool: pg.Pool, name: string, actor = currentActor()): Promise<{ channel: Channel; token: string }> {
  const token = newToken();
  return inTransaction(pool, async (client) => {
    const channel = await openChannelForUpdate(client, name);
    await client.query(
      'INSERT INTO relay_retired_tokens (token_sha256, channel_id) SELECT token_sha256, id FROM relay_channels WHERE id = $1 ON CONFLICT DO NOTHING',
      [channel.id],
    );
    await client.query('UPDATE relay_channels SET token_sha256 = $2 WHERE id = $1', [channel.id, tokenHash(token)]);
    await audited(client, actor, 'rotate', channel);
    return { channel, token };
  });
}

/** Disables a channel: its token opens nothing, its streams close, and senders to its path are answered 410. */
export async function revokeChannel(pool: pg.Pool, name: string, actor = currentActor()): Promise<Channel> {
  return inTransaction(pool, async (client) => {
    const channel = await openChannelForUpdate(client, name);
    await client.query('UPDATE relay_channels SET revoked_at = now() WHERE id = $1', [channel.id]);
    await audited(client, actor, 'revoke', channel);
    return channel;
  });
}

export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  channel: string;
}

/** Channel changes, oldest first. */
export async function channelAudit(pool: pg.Pool): Promise<AuditEntry[]> {
  const { rows } = await pool.query<{ at: Date; actor: string; action: string; channel: string }>(
    'SELECT at, actor, action, channel FROM relay_audit ORDER BY id',
  );
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}

/**
 * Why a token opens no channel: it was `rotated` away, its channel was `revoked`, or it is `unknown` (never a
 * channel's token, the same answer whether or not any channel exists). Only the holder of a token that once
 * opened a channel learns more than "unknown", and that holder knew the channel already.
 */
export type TokenRefusal = 'rotated' | 'revoked' | 'unknown';

/** The open channel a pull token opens, or why it opens none. */
export async function tokenAccess(pool: pg.Pool, token: string): Promise<{ channel: Channel } | { refused: TokenRefusal }> {
  const hash = tokenHash(token);
  const { rows } = await pool.query<ChannelRow & { revoked: boolean }>(
    'SELECT id, name, keep_days, keep_bytes, revoked_at IS NOT NULL AS revoked FROM relay_channels WHERE token_sha256 = $1',
    [hash],
  );
  const row = rows[0];
  if (row !== undefined) return row.revoked ? { refused: 'revoked' } : { channel: toChannel(row) };
  const retired = await pool.query<{ revoked: boolean }>(
    `SELECT c.revoked_at IS NOT NULL AS revoked FROM relay_retired_tokens r JOIN relay_channels c ON c.id = r.channel_id
      WHERE r.token_sha256 = $1`,
    [hash],
  );
  const channel = retired.rows[0];
  if (channel === undefined) return { refused: 'unknown' };
  return { refused: channel.revoked ? 'revoked' : 'rotated' };
}

/** Whether a token still opens this channel (it was neither rotated away nor revoked). */
export async function tokenStillOpens(pool: pg.Pool, channelId: string, tokenSha256: Buffer): Promise<boolean> {
  const { rows } = await pool.query(
    'SELECT 1 FROM relay_channels WHERE id = $1 AND token_sha256 = $2 AND revoked_at IS NULL',
    [channelId, tokenSha256],
  );
  return rows.length > 0;
}

/** What each channel holds (or only the one with this id: a laptop asks of its own, not of every channel). */
export async function channelHoldings(pool: pg.Pool, onlyId: string | null = null): Promise<ChannelHoldings[]> {
  const { rows } = await pool.query<
    ChannelRow & { created_at: Date; revoked_at: Date | null; deliveries: string; bytes: string | null; oldest: string | null }
  >(`
    SELECT c.id, c.name, c.keep_days, c.keep_bytes, c.created_at, c.revoked_at,
           count(d.id) AS deliveries, sum(octet_length(d.body)) AS bytes, min(d.received_at) AS oldest
      FROM relay_channels c LEFT JOIN relay_deliveries d ON d.channel_id = c.id
     WHERE $1::bigint IS NULL OR c.id = $1
     GROUP BY c.id ORDER BY c.name`, [onlyId]);
  return rows.map((row) => ({
    ...toChannel(row),
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
    deliveries: Number(row.deliveries),
    bytes: Number(row.bytes ?? 0),
    oldestReceivedAt: row.oldest === null ? null : Number(row.oldest),
  }));
}
