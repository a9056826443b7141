import { parseArgs } from 'node:util';
import type pg from 'pg';
import { Role } from '../../shared/roles';
import { connectPool } from '../core/store/postgres/connect';
import { migrateInspectorSchema } from '../core/store/postgres/schema';
import { commandLineActor, postgresAuditLog, type AuditRecord } from '../core/team/audit-log';
import { createUser, listUsers, revokeUser, setUserRole } from '../core/team/users';
import { requiredStoreUrl, storeUrlOptions, storeVariable } from './store-url';

const roles = Role.options.join('|');
const store = '--store postgresql://… | --store-file FILE';

export const serveUsersUsage = [
  `webhook-inspector serve user create NAME [--role ${roles}] ${store}   (member by default)`,
  `webhook-inspector serve user list ${store}`,
  `webhook-inspector serve user role NAME ${roles} ${store}`,
  `webhook-inspector serve user revoke NAME ${store}`,
].join('\n  ');

const arity: Record<string, number> = { create: 1, list: 0, role: 2, revoke: 1 };
/** The same action names as the control calls that make these changes in Settings, so the audit log reads alike. */
const auditAction: Record<string, string> = { create: 'users.create', role: 'users.setRole', revoke: 'users.revoke' };

function parseRole(given: string | undefined): Role {
  const role = Role.safeParse(given ?? 'member');
  if (!role.success) throw new Error(`a role is one of ${Role.options.join(', ')}; got ${JSON.stringify(given)}`);
  return role.data;
}

/** The users of a team's shared inspector (serve --team), kept in its PostgreSQL store; each change is audited. */
export async function serveUsersCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { ...storeUrlOptions, role: { type: 'string' } },
    strict: true,
  });
  const [verb = '', ...operands] = positionals;
  if (arity[verb] !== operands.length || (values.role !== undefined && verb !== 'create')) throw new Error(`usage:\n  ${serveUsersUsage}`);
  const storeUrl = requiredStoreUrl(values, storeVariable, "the shared inspector's store");
  const [name = '', roleGiven] = operands;
  const role = verb === 'create' ? parseRole(values.role) : verb === 'role' ? parseRole(roleGiven) : null;
  const pool = connectPool(storeUrl, (line) => console.error(line));
  try {
    await migrateInspectorSchema(pool);
    if (verb === 'list') return await printUsers(pool);
    const details = role === null ? { name } : { name, role };
    await audited(pool, { actor: commandLineActor(), action: auditAction[verb]!, target: name, details }, async () => {
      if (verb === 'create') {
        const { token } = await createUser(pool, name, role!);
        console.log(`User: ${name} (${role})`);
        console.log(`Token (shown once, stored only as a hash): ${token}`);
        console.log(`Open the UI at its address with ?token=${token}, or in the desktop app: Settings → Connect to a shared inspector`);
      } else if (verb === 'role') {
        await setUserRole(pool, name, role!);
        console.log(`${name} is ${role} now (their open streams were closed, and reopen with the new role)`);
      } else {
        await revokeUser(pool, name);
        console.log(`Revoked: ${name} (its token opens nothing from now on, and its open streams were closed)`);
      }
    });
  } finally {
    await pool.end();
  }
}

async function printUsers(pool: pg.Pool): Promise<void> {
  for (const user of await listUsers(pool)) {
    console.log(`${user.name}\t${user.role}\tcreated ${user.createdAt}\t${user.revokedAt === null ? 'active' : `revoked ${user.revokedAt}`}`);
  }
}

/** Runs a change and records it with its outcome (a refused change too), then rethrows a failure. */
async function audited(pool: pg.Pool, entry: Omit<AuditRecord, 'status' | 'error'>, change: () => Promise<void>): Promise<void> {
  const audit = postgresAuditLog(pool);
  try {
    await change();
  } catch (error) {
    await audit.record({ ...entry, status: (error as { status?: number }).status ?? 500, error: (error as Error).message });
    throw error;
  }
  await audit.record({ ...entry, status: 200 });
}
