import { rmSync } from 'node:fs';
import { request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import pg from 'pg';
import { createChannel, startRelay, type Relay, type RelayOptions } from 'webhook-inspector-relay';
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
  relay: Relay;
  cluster: TestPostgres;
  /** A pool on the relay's database, for the test to look at what it holds. */
  pool: pg.Pool;
  /** A new channel; its pull token. */
  createChannel(name: string): Promise<string>;
  /** POSTs exact bytes to the relay, as the service would; the status it answered. */
  deliver(path: string, body: Buffer, headers: Record<string, string>): Promise<number>;
  stop(): Promise<void>;
}

export async function startTestRelay(options: Partial<RelayOptions> = {}): Promise<TestRelay> {
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
    relay = await startRelay({ store: cluster.url, https: { port: 0, cert: certificate.cert, key: certificate.key }, ...options });
    pool = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // The cluster stops under idle connections at the end: that is the test's doing, not a failure.
    pool.on('error', () => {});
    const channels = pool;
    const url = relay.urls.https!;
    return {
      url,
      fingerprint: certificate.fingerprint,
      relay,
      cluster,
      pool,
      createChannel: async (name) => (await createChannel(channels, name, { keepDays: null, keepBytes: null })).token,
      deliver: async (path, body, headers) => (await post(`${url}${path}`, body, headers)).status,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface RawAnswer {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * A request whose path goes out byte for byte (a URL string would have `..` and `%2e` resolved by the client
 * before sending, as WHATWG URLs do).
 */
export function rawRequest(baseUrl: string, path: string, init: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const options: RequestOptions = { host: hostname, port, path, method: init.method ?? 'POST', headers: init.headers, rejectUnauthorized: false, agent: false };
  return new Promise((resolve, reject) => {
    const req = request(options, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/** An open pull stream, as a laptop holds one: what it received so far, and whether the relay ended it. */
export interface TestStream {
  status: number;
  /** The answer's body: the events so far, or a refusal's JSON. */
  text(): string;
  /** The `data` of each `delivery` event so far. */
  deliveries(): Array<{ cursor: string; relayId: string; path: string }>;
  ended(): boolean;
  close(): void;
}

export function openStream(baseUrl: string, token: string, after = '0:0'): Promise<TestStream> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, path: `/relay/v1/stream?after=${after}`, headers: { Authorization: `Bearer ${token}` }, rejectUnauthorized: false, agent: false },
      (res) => {
        let text = '';
        let ended = false;
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => (ended = true));
        res.on('close', () => (ended = true));
        res.on('error', () => (ended = true));
        resolve({
          status: res.statusCode!,
          text: () => text,
          deliveries: () =>
            [...text.matchAll(/^event: delivery\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!) as { cursor: string; relayId: string; path: string }),
          ended: () => ended,
          close: () => req.destroy(),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}
