import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { CoreStatus } from '../../src/shared/contract';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { tempDataDir } from '../support/temp-dir';
import { testSecret } from '../support/deliveries';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { SignedLoad, quantile, sha256 } from '../support/signed-load';
import { deliveryKeysFile } from '../../src/main/core/store/sqlite/delivery-keys';

/**
 * Crash soak: the headless core under a steady signed load is killed with SIGKILL at random moments
 * and restarted on the same data dir. Whatever moment the kill lands on, every delivery that was
 * answered 2xx must be in the store byte for byte, the store must pass SQLite's integrity check, no
 * request may be stored twice, and the count the UI shows must be the rows stored.
 *
 * The kill moments come from a seeded PRNG; the seed is printed, and SOAK_SEED=<seed> repeats them.
 */

const kills = 20;
const ratePerSecond = 500;
const connections = 32;
/** Load before each kill, drawn uniformly from this range. */
const loadBeforeKillMs = { min: 150, max: 900 };

/** mulberry32: a small, seedable PRNG, so that a failing run's kill moments can be replayed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const { dataDirs, running } = cleanedUpAfterAll();

async function serve(dataDir: string): Promise<ServeProcess> {
  const started = await spawnServe([
    '--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret', testSecret, '--no-simulator',
  ]);
  running.add(started);
  void started.exited.then(() => running.delete(started));
  return started;
}

async function statusOf(started: ServeProcess): Promise<CoreStatus> {
  const ui = new URL(started.lines.UI!);
  const res = await fetch(`${ui.origin}/rpc/status.get`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
  return (await res.json()) as CoreStatus;
}

interface StoreCheck {
  rows: number;
  distinctBodies: number;
  /** Rows whose stored body does not hash to its body_sha256. */
  corrupt: number[];
  /** Rows whose body is none of the bodies sent. */
  unknown: number[];
  integrity: string;
  hashes: Set<string>;
  /** The keys file's own integrity_check, and its rows that are not what the deliveries say (missing, different, extra). */
  keysIntegrity: string;
  keysMismatched: number;
}

/** Reads the store as a user's tool would: read-only, beside the running (restarted) core. */
function readStore(file: string, sent: Set<string>): StoreCheck {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare('SELECT id, body, body_sha256 FROM deliveries').all() as Array<{
      id: number;
      body: Buffer;
      body_sha256: string;
    }>;
    const hashes = new Set<string>();
    const corrupt: number[] = [];
    const unknown: number[] = [];
    for (const row of rows) {
      if (sha256(row.body) !== row.body_sha256) corrupt.push(row.id);
      if (!sent.has(row.body_sha256)) unknown.push(row.id);
      hashes.add(row.body_sha256);
    }
    const integrity = db.pragma('integrity_check', { simple: true }) as string;
    db.prepare('ATTACH ? AS keys').run(deliveryKeysFile(file));
    const keysIntegrity = db.pragma('keys.integrity_check', { simple: true }) as string;
    const keysMismatched = db
      .prepare(
        `SELECT (SELECT count(*) FROM deliveries d LEFT JOIN keys.delivery_keys k ON k.row_id = d.id
                 WHERE k.row_id IS NULL OR k.idempotency IS NOT d.idempotency_key OR k.lifecycle IS NOT d.lifecycle_key)
              + (SELECT count(*) FROM keys.delivery_keys WHERE row_id NOT IN (SELECT id FROM deliveries))`,
      )
      .pluck()
      .get() as number;
    return { rows: rows.length, distinctBodies: hashes.size, corrupt, unknown, integrity, hashes, keysIntegrity, keysMismatched };
  } finally {
    db.close();
  }
}

describe('crash soak', () => {
  it(`keeps every 2xx delivery, once, through ${kills} SIGKILLs under ${ratePerSecond} req/s`, async () => {
    const seed = process.env.SOAK_SEED ? Number(process.env.SOAK_SEED) : randomInt(2 ** 31);
    console.log(`crash soak: seed ${seed} (SOAK_SEED=${seed} repeats the kill moments)`);
    const random = prng(seed);
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const store = join(dataDir, 'inspector.sqlite3');

    const sent = new Set<string>();
    const acknowledged = new Set<string>();
    const statuses: Record<number, number> = {};
    const failures: Record<string, number> = {};
    const latencies: number[] = [];
    let next = 0;
    let last: StoreCheck | null = null;
    const began = Date.now();

    let current = await serve(dataDir);
    for (let kill = 1; kill <= kills; kill++) {
      const loadMs = loadBeforeKillMs.min + Math.floor(random() * (loadBeforeKillMs.max - loadBeforeKillMs.min));
      const load = new SignedLoad({
        url: current.lines['Receiver (HTTPS)']!,
        ratePerSecond,
        connections,
        firstIndex: next,
      }).start();
      await delay(loadMs);
      current.child.kill('SIGKILL');
      const outcome = await load.stop();
      await current.exited;

      next += outcome.sent;
      for (const h of outcome.sentHashes) sent.add(h);
      for (const h of outcome.acknowledged) acknowledged.add(h);
      for (const [s, n] of Object.entries(outcome.statuses)) statuses[Number(s)] = (statuses[Number(s)] ?? 0) + n;
      for (const [c, n] of Object.entries(outcome.failures)) failures[c] = (failures[c] ?? 0) + n;
      latencies.push(...outcome.latenciesMs);

      // Restart on the same data dir (SQLite recovers the WAL), then check what a user would see.
      current = await serve(dataDir);
      const check = readStore(store, sent);
      const context = `seed ${seed}, kill ${kill} after ${loadMs} ms of load`;
      expect(check.integrity, context).toBe('ok');
      expect(check.keysIntegrity, `${context}: the keys file`).toBe('ok');
      expect(check.keysMismatched, `${context}: keys that are not what the deliveries say`).toBe(0);
      expect(check.corrupt, `${context}: rows whose body does not match body_sha256`).toEqual([]);
      expect(check.unknown, `${context}: rows that are none of the requests sent`).toEqual([]);
      expect(check.rows - check.distinctBodies, `${context}: requests stored more than once`).toBe(0);
      const lost = [...acknowledged].filter((h) => !check.hashes.has(h));
      expect(lost, `${context}: answered 2xx but not stored`).toEqual([]);
      expect((await statusOf(current)).deliveryCount, `${context}: the count the UI shows`).toBe(check.rows);
      last = check;
    }
    current.child.kill('SIGTERM');
    expect(await current.exited).toBe(0);

    const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
    const unanswered = Object.values(failures).reduce((a, b) => a + b, 0);
    const stored = last!.rows;
    // Only the default policy's 200 is expected: a 503 (could not store) would be a failure of its own.
    expect(Object.keys(statuses)).toEqual(['200']);
    expect(answered + unanswered).toBe(next);
    // The kills landed under load: some requests were cut off, and most were answered.
    expect(unanswered).toBeGreaterThan(0);
    expect(acknowledged.size).toBe(statuses[200]);
    expect(stored).toBeGreaterThanOrEqual(acknowledged.size);

    const summary = {
      seed,
      kills,
      requestsSent: next,
      answered2xx: acknowledged.size,
      noAnswer: unanswered,
      noAnswerByError: failures,
      stored,
      storedWithoutAnswer: stored - acknowledged.size,
      latencyMs: { p50: +quantile(latencies, 0.5).toFixed(2), p99: +quantile(latencies, 0.99).toFixed(2) },
      elapsedS: +((Date.now() - began) / 1000).toFixed(1),
    };
    console.log(`crash soak: ${JSON.stringify(summary)}`);
  });
});
