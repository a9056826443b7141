import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { startTestPostgres, type TestPostgres } from './postgres';

export interface SuitePostgres {
  /** The suite's own cluster (started before its first test). */
  readonly cluster: TestPostgres;
  /** A pool on the cluster's database; errors of idle clients (a cluster halted on purpose) are ignored. */
  readonly pool: pg.Pool;
}

/**
 * A PostgreSQL cluster of the suite's own and a pool on it: started before the suite's other `beforeAll` hooks
 * (call it first), stopped after its other `afterAll` hooks.
 */
export function withTestPostgres(): SuitePostgres {
  let started: { cluster: TestPostgres; pool: pg.Pool } | undefined;
  beforeAll(async () => {
    const cluster = await startTestPostgres();
    const pool = new pg.Pool({ connectionString: cluster.url });
    pool.on('error', () => {});
    started = { cluster, pool };
  }, 60_000);
  afterAll(async () => {
    await started?.pool.end();
    await started?.cluster.stop();
  });
  const get = () => {
    if (!started) throw new Error('the suite has no PostgreSQL cluster yet: use it inside a hook or a test');
    return started;
  };
  return {
    get cluster() {
      return get().cluster;
    },
    get pool() {
      return get().pool;
    },
  };
}
