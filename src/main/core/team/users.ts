import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { tokenHash } from '../token-hash';

/** A person of the team who may open the shared inspector with their own token. */
export interface TeamUser {
  name: string;
  createdAt: string;
  /** When the token stopped opening the inspector; null while it does. */
  revokedAt: string | null;
}

const userName = /^[A-Za-z0-9][A-Za-z0-9._@-]{0,62}$/;

export function validUserName(name: string): boolean {
  return userName.test(name);
}

/**
 * Creates a user (or gives a revoked one a new token) and returns the token: it exists only in this answer,
 * the table keeps its hash.
 */
export async function createUser(pool: pg.Pool, name: string): Promise<{ name: string; token: string }> {
  if (!validUserName(name)) {
    throw new Error(`a user name is 1 to 63 of letters, digits, ".", "_", "@" and "-", starting with a letter or digit; got ${JSON.stringify(name)}`);
  }
  const token = `wit_${randomBytes(32).toString('base64url')}`;
  const { rowCount } = await pool.query(
    `INSERT INTO inspector_users (name, token_sha256) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256, created_at = now(), revoked_at = NULL
       WHERE inspector_users.revoked_at IS NOT NULL`,
    [name, tokenHash(token)],
  );
  if (rowCount !== 1) throw new Error(`a user named ${name} exists already (revoke it first to give it a new token)`);
  return { name, token };
}

export async function listUsers(pool: pg.Pool): Promise<TeamUser[]> {
  const { rows } = await pool.query<{ name: string; created_at: Date; revoked_at: Date | null }>(
    'SELECT name, created_at, revoked_at FROM inspector_users ORDER BY name',
  );
  return rows.map((row) => ({
    name: row.name,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  }));
}

/** Its token opens nothing from now on; the name stays, so what the user did still says who. */
export async function revokeUser(pool: pg.Pool, name: string): Promise<void> {
  const { rowCount } = await pool.query('UPDATE inspector_users SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL', [name]);
  if (rowCount !== 1) throw new Error(`no active user named ${name}`);
}

/** The user a token belongs to; null for any token that opens nothing (unknown or revoked alike). */
export async function userForToken(pool: pg.Pool, token: string): Promise<string | null> {
  const { rows } = await pool.query<{ name: string }>(
    'SELECT name FROM inspector_users WHERE token_sha256 = $1 AND revoked_at IS NULL',
    [tokenHash(token)],
  );
  return rows[0]?.name ?? null;
}
