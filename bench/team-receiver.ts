import pg from 'pg';
import { startCore } from '../src/main/core/start-core';
import { startTestPostgres } from '../test/support/postgres';
import { benchSecret } from './generate';
import { processTreeCpuMs } from './relay-receiver';

/**
 * The team server as `serve --team --store postgresql://…` runs it: startCore on a PostgreSQL cluster of its own on
 * the machine's disk (fsync on), full analysis, the signing secret set. Its CPU is the server's process and the
 * database's together, as the relay's is.
 */
export async function teamServer(dir: string) {
  const cluster = await startTestPostgres(dir);
  const core = await startCore({
    dataDir: dir,
    store: cluster.url,
    team: {},
    httpsPort: 0,
    httpPort: null,
    uiPort: 0,
    simulator: false,
    secret: benchSecret,
  });
  // Its own connection: how far the derivation (duplicate groups, lifecycles) lags behind the stored deliveries.
  const reader = new pg.Pool({ connectionString: cluster.url, max: 1 });
  return {
    port: Number(new URL(core.urls.receiverHttps!).port),
    databaseCpuMs: () => processTreeCpuMs(cluster.pid),
    behind: async () => {
      const { rows } = await reader.query<{ behind: string }>(
        `SELECT coalesce((SELECT max(id) FROM deliveries), 0) - (SELECT value FROM store_counts WHERE name = 'derived_through') AS behind`,
      );
      return Number(rows[0]!.behind);
    },
    close: async () => {
      await reader.end();
      await core.close();
      await cluster.stop();
    },
  };
}
