import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { UserName } from '../../../shared/team';
import { Role } from '../../../shared/roles';
import { tokenHash } from '@webhook-inspector/capture';

/** A person of the team who may open the shared inspector with their own token. */
export interface TeamUser {
  name: string;
  role: Role;
  createdAt: string;
  /** When the token stopped opening the inspector; null while it does. */
  revokedAt: string | null;
}

/** A token that opens the inspector: whose it is, their role, and the token's hash (to check it again later). */
export interface TokenHolder {
  name: string;
  role: Role;
  /** The token's SHA-256 in hex: what a stream keeps to ask whether its token still opens the inspector. */
  credential: string;
}

/**
 * The PostgreSQL channel every change of a user is notified on (its payload: the name), so that a team server
 * closes a revoked or changed user's event streams at once, whichever process made the change.
 */
export const userChangesChannel = 'inspector_users';

export function validUserName(name: string): boolean {
  return UserName.safeParse(name).success;
}

/** A refusal with the status the control server answers it with (the command line prints its message). */
function refused(status: 400 | 404 | 409, message: string): Error {
  return Object.assign(new Error(message), { status });
}

/** Runs a statement that changes users (a CTE `changed` returning `name`) and notifies each change on commit. */
async function changeUsers(pool: pg.Pool, changed: string, values: unknown[]): Promise<number> {
  const { rowCount } = await pool.query(`WITH changed AS (${changed}) SELECT pg_notify('${userChangesChannel}', name) FROM changed`, values);
  return rowCount ?? 0;
}

/**
 * Creates a user (or gives a revoked one a new token) and returns the token: it exists only in this answer,
 * the table keeps its hash.
 */
export async function createUser(pool: pg.Pool, name: string, role: Role = 'member'): Promise<{ name: string; token: string }> {
  if (!validUserName(name)) {
    throw refused(400, `a user name is 1 to 63 of letters, digits, ".", "_", "@" and "-", starting with a letter or digit; got ${JSON.stringify(name)}`);
  }
  const token = `wit_${randomBytes(32).toString('base64url')}`;
  const created = await changeUsers(
    pool,
    `INSERT INTO inspector_users (name, token_sha256, role) VALUES ($1, $2, $3)
     ON CONFLICT (name) DO UPDATE SET token_sha256 = EXCLUDED.token_sha256, role = EXCLUDED.role, created_at = now(), revoked_at = NULL
       WHERE inspector_users.revoked_at IS NOT NULL
     RETURNING name`,
    [name, tokenHash(token), Role.parse(role)],
  );
  if (created !== 1) throw refused(409, `a user named ${name} exists already (revoke it first to give it a new token)`);
  return { name, token };
}

export async function listUsers(pool: pg.Pool): Promise<TeamUser[]> {
  const { rows } = await pool.query<{ name: string; role: Role; created_at: Date; revoked_at: Date | null }>(
    'SELECT name, role, created_at, revoked_at FROM inspector_users ORDER BY name',
  );
  return rows.map((row) => ({
    name: row.name,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at?.toISOString() ?? null,
  }));
}

/** Its token opens nothing from now on; the name stays, so what the user did still says who. */
export async function revokeUser(pool: pg.Pool, name: string): Promise<void> {
  const revoked = await changeUsers(pool, 'UPDATE inspector_users SET revoked_at = now() WHERE name = $1 AND revoked_at IS NULL RETURNING name', [name]);
  if (revoked !== 1) throw refused(404, `no active user named ${name}`);
}

/**
 * Gives an active user another role; their open event streams close, and reopen with it. Returns the role they had
 * (read in the same statement, for the audit log's "old → new").
 */
export async function setUserRole(pool: pg.Pool, name: string, role: Role): Promise<Role> {
  const { rows } = await pool.query<{ previous: Role }>(
    `WITH old AS (SELECT name, role FROM inspector_users WHERE name = $1 AND revoked_at IS NULL FOR UPDATE),
     changed AS (UPDATE inspector_users SET role = $2 FROM old WHERE inspector_users.name = old.name RETURNING inspector_users.name, old.role AS previous)
     SELECT previous, pg_notify('${userChangesChannel}', name) FROM changed`,
    [name, Role.parse(role)],
  );
  const previous = rows[0]?.previous;
  if (previous === undefined) throw refused(404, `no active user named ${name}`);
  return previous;
}

/**
 * Who a token belongs to; 'revoked' for a token revoked since (its holder may learn that much, never whose it was);
 * null for any other token that opens nothing.
 */
export async function userForToken(pool: pg.Pool, token: string): Promise<TokenHolder | 'revoked' | null> {
  const hash = tokenHash(token);
  const { rows } = await pool.query<{ name: string; role: Role; revoked: boolean }>(
    'SELECT name, role, revoked_at IS NOT NULL AS revoked FROM inspector_users WHERE token_sha256 = $1',
    [hash],
  );
  const row = rows[0];
  if (row === undefined) return null;
  return row.revoked ? 'revoked' : { name: row.name, role: row.role, credential: hash.toString('hex') };
}

/** The role each of these credentials opens the inspector with now; a revoked or replaced token is absent. */
export async function rolesNow(pool: pg.Pool, credentials: readonly string[]): Promise<Map<string, Role>> {
  if (credentials.length === 0) return new Map();
  const { rows } = await pool.query<{ credential: string; role: Role }>(
    `SELECT encode(token_sha256, 'hex') AS credential, role FROM inspector_users
     WHERE token_sha256 = ANY($1::bytea[]) AND revoked_at IS NULL`,
    [credentials.map((c) => Buffer.from(c, 'hex'))],
  );
  return new Map(rows.map((row) => [row.credential, row.role]));
}

/** Whether any active user may administer the server (a team upgraded from before roles has none until one is named). */
export async function hasActiveAdmin(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query("SELECT 1 FROM inspector_users WHERE role = 'admin' AND revoked_at IS NULL LIMIT 1");
  return rows.length > 0;
}
