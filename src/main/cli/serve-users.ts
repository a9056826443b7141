import { parseArgs } from 'node:util';
import { connectPool } from '../core/store/postgres/connect';
import { isPostgresUrl } from '../core/store/postgres/postgres-store';
import { migrateInspectorSchema } from '../core/store/postgres/schema';
import { createUser, listUsers, revokeUser } from '../core/team/users';

export const serveUsersUsage = [
  'webhook-inspector serve user create NAME --store postgresql://…',
  'webhook-inspector serve user list --store postgresql://…',
  'webhook-inspector serve user revoke NAME --store postgresql://…',
].join('\n  ');

/** The users of a team's shared inspector (serve --team), kept in its PostgreSQL store. */
export async function serveUsersCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { store: { type: 'string' } }, strict: true });
  const [verb, name, ...rest] = positionals;
  const known = (verb === 'create' || verb === 'revoke') && name !== undefined ? true : verb === 'list' && name === undefined;
  if (!known || rest.length > 0) throw new Error(`usage:\n  ${serveUsersUsage}`);
  if (values.store === undefined || !isPostgresUrl(values.store)) {
    throw new Error('give the shared inspector\'s store: --store postgresql://…');
  }
  const pool = connectPool(values.store, (line) => console.error(line));
  try {
    await migrateInspectorSchema(pool);
    if (verb === 'create') {
      const { token } = await createUser(pool, name!);
      console.log(`User: ${name}`);
      console.log(`Token (shown once, stored only as a hash): ${token}`);
      console.log(`Open the UI at its address with ?token=${token}, or in the desktop app: Settings → Connect to a shared inspector`);
    } else if (verb === 'revoke') {
      await revokeUser(pool, name!);
      console.log(`Revoked: ${name} (its token opens nothing from now on)`);
    } else {
      for (const user of await listUsers(pool)) {
        console.log(`${user.name}\tcreated ${user.createdAt}\t${user.revokedAt === null ? 'active' : `revoked ${user.revokedAt}`}`);
      }
    }
  } finally {
    await pool.end();
  }
}
