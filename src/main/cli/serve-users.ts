import { Role } from '../../shared/roles';
import { connectTeamDatabase, migrateTeamDatabase } from '../core/store';
import { commandLineActor, postgresAuditLog, type AuditRecord } from '../core/team/audit-log';
import { createUser, listUsers, revokeUser, setUserRole } from '../core/team/users';
import { parseCommandLine, requiredStoreUrl, type RunCommand, type StoreUrlFlags } from '@webhook-inspector/command-line';
import { userVerbDefinitions, type UserVerb } from './serve-users-definition';
import { storeVariable } from './store-url';

/** The same action names as the control calls that make these changes in Settings, so the audit log reads alike. */
/** The team database's pool, as the store opens it. */
type TeamPool = ReturnType<typeof connectTeamDatabase>;

const auditAction: Record<string, string> = { create: 'users.create', role: 'users.setRole', revoke: 'users.revoke' };

function parseRole(given: string | undefined): Role {
  const role = Role.safeParse(given ?? 'member');
  if (!role.success) throw new Error(`a role is one of ${Role.options.join(', ')}; got ${JSON.stringify(given)}`);
  return role.data;
}

type UserFlags = StoreUrlFlags & { role?: string };

/** What runs `serve user <verb>`. */
export function runUserVerb(verb: UserVerb): RunCommand {
  return (args) => changeUsers(verb, parseCommandLine(userVerbDefinitions[verb], args));
}

/** The users of a team's shared inspector (serve --team), kept in its PostgreSQL store; each change is audited. */
async function changeUsers(verb: UserVerb, { values, positionals: operands }: { values: UserFlags; positionals: string[] }): Promise<void> {
  const storeUrl = requiredStoreUrl(values, storeVariable, "the shared inspector's store");
  const [name = '', roleGiven] = operands;
  const role = verb === 'create' ? parseRole(values.role) : verb === 'role' ? parseRole(roleGiven) : null;
  const pool = connectTeamDatabase(storeUrl, (line) => console.error(line));
  try {
    await migrateTeamDatabase(pool);
    if (verb === 'list') return await printUsers(pool);
    const details: Record<string, unknown> = role === null ? { name } : { name, role };
    await audited(pool, { actor: commandLineActor(), action: auditAction[verb]!, target: name, details }, async () => {
      if (verb === 'create') {
        const { token } = await createUser(pool, name, role!);
        console.log(`User: ${name} (${role})`);
        console.log(`Token (shown once, stored only as a hash): ${token}`);
        console.log(`Open the UI at its address with ?token=${token}, or in the desktop app: Settings → Connect to a shared inspector`);
      } else if (verb === 'role') {
        // Recorded beside the new role: the audit log shows old → new.
        details.previousRole = await setUserRole(pool, name, role!);
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

async function printUsers(pool: TeamPool): Promise<void> {
  for (const user of await listUsers(pool)) {
    console.log(`${user.name}\t${user.role}\tcreated ${user.createdAt}\t${user.revokedAt === null ? 'active' : `revoked ${user.revokedAt}`}`);
  }
}

/** Runs a change and records it with its outcome (a refused change too), then rethrows a failure. */
async function audited(pool: TeamPool, entry: Omit<AuditRecord, 'status' | 'error'>, change: () => Promise<void>): Promise<void> {
  const audit = postgresAuditLog(pool);
  try {
    await change();
  } catch (error) {
    await audit.record({ ...entry, status: (error as { status?: number }).status ?? 500, error: (error as Error).message });
    throw error;
  }
  await audit.record({ ...entry, status: 200 });
}
