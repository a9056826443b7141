import type pg from 'pg';
import { Role } from '../../shared/roles';
import { connectPool } from '../core/store/postgres/connect';
import { migrateInspectorSchema } from '../core/store/postgres/schema';
import { commandLineActor, postgresAuditLog, type AuditRecord } from '../core/team/audit-log';
import { createUser, listUsers, revokeUser, setUserRole } from '../core/team/users';
import { defineCommand, parseCommandLine, requiredStoreUrl, storeOptions, storeSynopsis, type Command, type StoreUrlFlags } from '@webhook-inspector/command-line';
import { storeVariable } from './store-url';

const roles = Role.options.join('|');
/** The team's store is where its users live: `serve user` cannot run without it. */
const teamStore = storeOptions(storeVariable, "The team server's store", 'none: the users live there');
const name = { name: 'NAME', help: 'The user, as the audit log and the UI show them.' };

export const serveUserDefinition = defineCommand({
  name: 'serve user',
  synopsis: ['create|list|role|revoke …'],
  summary: "Manage the users of a team server (serve --team), kept in its PostgreSQL store; each change is audited.",
  options: {},
});

const createDefinition = defineCommand({
  name: 'serve user create',
  synopsis: [`NAME [--role ${roles}] ${storeSynopsis}`],
  summary: 'Add a user and print their token, once (only its hash is stored).',
  positionals: [name],
  options: {
    role: { type: 'string', value: 'ROLE', help: `What they may do: ${Role.options.join(', ')}.`, default: 'member', example: 'viewer' },
    ...teamStore,
  },
});

const listDefinition = defineCommand({
  name: 'serve user list',
  synopsis: [storeSynopsis],
  summary: 'List the users: name, role, when created, active or revoked.',
  options: teamStore,
});

const roleDefinition = defineCommand({
  name: 'serve user role',
  synopsis: [`NAME ${roles} ${storeSynopsis}`],
  summary: "Change a user's role; their open streams are closed and reopen with it.",
  positionals: [name, { name: 'ROLE', help: `One of ${Role.options.join(', ')}.` }],
  options: teamStore,
});

const revokeDefinition = defineCommand({
  name: 'serve user revoke',
  synopsis: [`NAME ${storeSynopsis}`],
  summary: 'Revoke a user: their token opens nothing from now on, and their open streams are closed.',
  positionals: [name],
  options: teamStore,
});

/** The same action names as the control calls that make these changes in Settings, so the audit log reads alike. */
const auditAction: Record<string, string> = { create: 'users.create', role: 'users.setRole', revoke: 'users.revoke' };

function parseRole(given: string | undefined): Role {
  const role = Role.safeParse(given ?? 'member');
  if (!role.success) throw new Error(`a role is one of ${Role.options.join(', ')}; got ${JSON.stringify(given)}`);
  return role.data;
}

type Verb = 'create' | 'list' | 'role' | 'revoke';
type UserFlags = StoreUrlFlags & { role?: string };

/** `serve user create|list|role|revoke`. */
export const serveUserCommands: Command = {
  definition: serveUserDefinition,
  subcommands: [
    { definition: createDefinition, run: (args) => changeUsers('create', parseCommandLine(createDefinition, args)) },
    { definition: listDefinition, run: (args) => changeUsers('list', parseCommandLine(listDefinition, args)) },
    { definition: roleDefinition, run: (args) => changeUsers('role', parseCommandLine(roleDefinition, args)) },
    { definition: revokeDefinition, run: (args) => changeUsers('revoke', parseCommandLine(revokeDefinition, args)) },
  ],
};

/** The users of a team's shared inspector (serve --team), kept in its PostgreSQL store; each change is audited. */
async function changeUsers(verb: Verb, { values, positionals: operands }: { values: UserFlags; positionals: string[] }): Promise<void> {
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
