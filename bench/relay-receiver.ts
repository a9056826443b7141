import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { createChannel, startRelay } from 'webhook-inspector-relay';
import { loadOrCreateCertificate } from '../src/main/core/receiver/tls';
import { startTestPostgres } from '../test/support/postgres';

/** The relay's channel in the benchmarks: requests go to /c/bench/<the generator's path>. */
export const benchChannelPrefix = '/c/bench';

/**
 * CPU time (user + system) of a process and its direct children, ms: PostgreSQL's postmaster and its backends,
 * those that ended too (the postmaster's reaped children's time), so that a connection closed meanwhile still counts.
 */
export function processTreeCpuMs(rootPid: number): number {
  const ticksToMs = 1000 / 100;
  let total = 0;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command (which may hold spaces) start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      if (ppid === rootPid) total += (Number(fields[11]) + Number(fields[12])) * ticksToMs;
      if (Number(entry) === rootPid) total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * ticksToMs;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

/**
 * A relay as an operator runs it, on a PostgreSQL cluster of its own on the machine's disk (fsync on), one
 * channel. Its CPU is the relay's process and the database's together.
 */
export async function relayReceiver(dir: string) {
  const cluster = await startTestPostgres(dir);
  const certificate = await loadOrCreateCertificate(dir);
  const relay = await startRelay({ store: cluster.url, https: { port: 0, cert: certificate.cert, key: certificate.key } });
  const pool = new pg.Pool({ connectionString: cluster.url, max: 1 });
  await createChannel(pool, 'bench', { keepDays: null, keepBytes: null });
  await pool.end();
  return {
    port: Number(new URL(relay.urls.https!).port),
    databaseCpuMs: () => processTreeCpuMs(cluster.pid),
    close: async () => {
      await relay.close();
      await cluster.stop();
    },
  };
}
