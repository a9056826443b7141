import { parseArgs } from 'node:util';
import { connectPool } from '../core/store/postgres/connect';
import { migrateInspectorSchema } from '../core/store/postgres/schema';
import { createUser, listUsers, revokeUser } from '../core/team/users';
import { requiredStoreUrl, storeUrlOptions, storeVariable } from './store-url';

export const serveUsersUsage = [
  'webhook-inspector serve user create NAME --store postgresql://… | --store-file FILE',
  'webhook-inspector serve user list --store postgresql://… | --store-file FILE',
  'webhook-inspector serve user revoke NAME --store postgresql://… | --store-file FILE',
].join('\n  ');

/** The users of a team's shared inspector (serve --team), kept in its PostgreSQL store. */
export async function serveUsersCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: storeUrlOptions, strict: true });
  const [verb, name, ...rest] = positionals;
  const known = (verb === 'create' || verb === 'revoke') && name !== undefined ? true : verb === 'list' && name === undefined;
  if (!known || rest.length > 0) throw new Error(`usage:\n  ${serveUsersUsage}`);
  const pool = connectPool(requiredStoreUrl(values, storeVariable, "the shared inspector's store"), (line) => console.error(line));
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
