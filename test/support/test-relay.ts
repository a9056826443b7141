import { rmSync } from 'node:fs';
import pg from 'pg';
import { createChannel } from '../../src/main/core/relay/channels';
import { startRelay, type Relay } from '../../src/main/core/relay/start-relay';
import { loadOrCreateCertificate } from '../../src/main/core/receiver/tls';
import { post } from './https-client';
import { startTestPostgres, type TestPostgres } from './postgres';
import { tempDataDir } from './temp-dir';

/** A relay of a test's own, in-process, on its own PostgreSQL cluster and a self-signed certificate. */
export interface TestRelay {
  /** The relay's HTTPS base URL. */
  url: string;
  /** SHA-256 of its self-signed certificate, to pin. */
  fingerprint: string;
  /** A new channel; its pull token. */
  createChannel(name: string): Promise<string>;
  /** POSTs exact bytes to the relay, as the service would; the status it answered. */
  deliver(path: string, body: Buffer, headers: Record<string, string>): Promise<number>;
  stop(): Promise<void>;
}

export async function startTestRelay(): Promise<TestRelay> {
  const cluster: TestPostgres = await startTestPostgres();
  const certDir = tempDataDir();
  let relay: Relay | undefined;
  let pool: pg.Pool | undefined;
  const stop = async () => {
    await relay?.close();
    await pool?.end();
    await cluster.stop();
    rmSync(certDir, { recursive: true, force: true });
  };
  try {
    const certificate = await loadOrCreateCertificate(certDir);
    relay = await startRelay({ store: cluster.url, https: { port: 0, cert: certificate.cert, key: certificate.key } });
    pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // The cluster stops under idle connections at the end: that is the test's doing, not a failure.
    pool.on('error', () => {});
    const channels = pool;
    const url = relay.urls.https!;
    return {
      url,
      fingerprint: certificate.fingerprint,
      createChannel: async (name) => (await createChannel(channels, name, { keepDays: null, keepBytes: null })).token,
      deliver: async (path, body, headers) => (await post(`${url}${path}`, body, headers)).status,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
