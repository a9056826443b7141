import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { queryStore, stopTestPostgres, storeLocation, testPostgres } from '../support/engines';
import { post } from '../support/https-client';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

/*
 * store.test.ts covers one refused insert (a trigger) and the recovery after it. Here the storage
 * itself fails under a running core, as it does on a user's machine: the disk fills up, or the
 * database file becomes unwritable. Where the test may mount filesystems (Linux, as root) the fault
 * is real; elsewhere a trigger on the deliveries table raises the same SQLite error instead. On
 * PostgreSQL the server stops under the core, or the database turns read-only.
 */

/** A way to make the store's writes fail, and succeed again, under a running core. */
interface StorageFault {
  /** What makes the writes fail, for the test's name in the output. */
  mechanism: string;
  /** The data dir to start the core in. */
  dataDir: string;
  /** The PostgreSQL store, if the store is not the SQLite file in the data dir. */
  location?: string;
  /** The cause the receiver's log line must name. */
  cause: RegExp;
  /** Whether the store still answers reads while its writes fail. */
  readable: boolean;
  break(): void | Promise<void>;
  repair(): void | Promise<void>;
  cleanup(): void;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { stdio: 'pipe' });

/** The fallback: a trigger that fails every insert into deliveries with the given SQLite message. */
function triggerFault(message: string, cause: RegExp): StorageFault {
  const dataDir = tempDataDir();
  let saboteur: Database.Database | null = null;
  return {
    mechanism: `a trigger raising "${message}"`,
    dataDir,
    cause,
    readable: true,
    break() {
      saboteur = new Database(join(dataDir, 'inspector.sqlite3'));
      saboteur.exec(`CREATE TRIGGER storage_fault BEFORE INSERT ON deliveries BEGIN SELECT RAISE(FAIL, '${message}'); END`);
    },
    repair() {
      saboteur?.exec('DROP TRIGGER storage_fault');
      saboteur?.close();
      saboteur = null;
    },
    cleanup() {
      saboteur?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A full disk: the data dir on a 16 MiB tmpfs, then a file written until ENOSPC. */
function fullDisk(): StorageFault {
  const dataDir = mkdtempSync(join(tmpdir(), 'inspector-full-'));
  try {
    if (process.platform !== 'linux') throw new Error('tmpfs is Linux only');
    run('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dataDir]);
  } catch {
    rmSync(dataDir, { recursive: true, force: true });
    return triggerFault('database or disk is full', /database or disk is full/);
  }
  const filler = join(dataDir, 'filler');
  return {
    mechanism: 'a full tmpfs',
    dataDir,
    cause: /database or disk is full/,
    readable: true,
    break() {
      // An empty WAL: the next commit must grow a file (else it may reuse WAL space already allocated and succeed).
      const db = new Database(join(dataDir, 'inspector.sqlite3'));
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
      const fd = openSync(filler, 'w');
      try {
        // Whole chunks, then single bytes: not one byte is left.
        for (const size of [1024 * 1024, 4096, 1]) {
          const chunk = Buffer.alloc(size);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    repair: () => unlinkSync(filler),
    cleanup() {
      run('umount', [dataDir]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A read-only database: the data dir on a loop-mounted ext4 filesystem, and the database file and its
 * WAL made immutable (chattr +i), which refuses writes even to root and even through the descriptors
 * the core already holds (chmod would not stop root; the -shm index stays writable, as it is mapped).
 */
function readOnlyDatabase(): StorageFault {
  const base = mkdtempSync(join(tmpdir(), 'inspector-ro-'));
  const image = join(base, 'fs.img');
  const dataDir = join(base, 'mnt');
  const files = [join(dataDir, 'inspector.sqlite3'), join(dataDir, 'inspector.sqlite3-wal')];
  try {
    if (process.platform !== 'linux') throw new Error('ext4 and chattr are Linux only');
    run('truncate', ['-s', '32M', image]);
    run('mkfs.ext4', ['-q', '-F', image]);
    mkdirSync(dataDir);
    run('mount', ['-o', 'loop', image, dataDir]);
  } catch {
    rmSync(base, { recursive: true, force: true });
    return triggerFault('attempt to write a readonly database', /readonly database/);
  }
  return {
    mechanism: 'immutable database files',
    dataDir,
    // SQLite reports the refused write (EPERM) as an I/O error.
    cause: /disk I\/O error/,
    readable: true,
    break: () => void run('chattr', ['+i', ...files]),
    repair: () => void run('chattr', ['-i', ...files]),
    cleanup() {
      try {
        run('chattr', ['-i', ...files]);
      } catch {
        // not made immutable, or already repaired
      }
      run('umount', [dataDir]);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL server shut down under the core, then started again. */
async function databaseStopped(): Promise<StorageFault> {
  const cluster = await testPostgres();
  const dataDir = tempDataDir();
  return {
    mechanism: 'the PostgreSQL server shut down',
    dataDir,
    location: await storeLocation('postgresql'),
    cause: /ECONNREFUSED/,
    readable: false,
    break: () => cluster.halt(),
    repair: () => cluster.resume(),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** The database made read-only (as a replica or a DBA would), its sessions ended so that every new one is. */
async function databaseReadOnly(): Promise<StorageFault> {
  const dataDir = tempDataDir();
  const location = (await storeLocation('postgresql'))!;
  const name = new URL(location).pathname.slice(1);
  const database = pg.escapeIdentifier(name);
  const asAdmin = async (sql: string) => {
    const client = new pg.Client({ connectionString: location.replace(/\/[^/]+$/, '/postgres') });
    await client.connect();
    try {
      await client.query(sql);
      await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${pg.escapeLiteral(name)}`);
    } finally {
      await client.end();
    }
  };
  return {
    mechanism: 'a read-only PostgreSQL database',
    dataDir,
    location,
    // The sessions ended to make the change take hold are a cause too: a pooled connection may be used before
    // its end is noticed, and that insert is refused for it.
    cause: /read-only transaction|terminating connection due to administrator command/,
    readable: true,
    break: () => asAdmin(`ALTER DATABASE ${database} SET default_transaction_read_only = on`),
    repair: () => asAdmin(`ALTER DATABASE ${database} RESET default_transaction_read_only`),
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const recipient = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const keyOf = (n: number) => `payout.processing|recipient|${recipient(n)}|2026-03-02T10:15:30Z`;

describe('storage faults under a running core', () => {
  let t: TestCore | null = null;
  let fault: StorageFault | null = null;
  afterAll(stopTestPostgres);
  afterEach(async () => {
    await t?.stop();
    t = null;
    fault?.cleanup();
    fault = null;
  });

  /**
   * Deliveries stored, then the fault, then deliveries refused, then the repair and the service's
   * retries: checks what the sender, the log, the UI and the file show at each step.
   */
  async function refuseThenRecover(make: () => StorageFault | Promise<StorageFault>): Promise<void> {
    fault = await make();
    console.log(`storage fault: ${fault.mechanism}`);
    const log: string[] = [];
    t = await startTestCore({ dataDir: fault.dataDir, store: fault.location, secret: testSecret, logger: humanLogger((line) => log.push(line)) });
    const core = t;
    const url = `${core.receiverUrl}/webhooks`;
    const delivery = (n: number) => {
      const body = giftCardBody({ recipient_uuid: recipient(n) });
      return { n, body, headers: serviceHeaders(body) };
    };
    const before = [delivery(1), delivery(2)];
    for (const d of before) expect((await post(url, d.body, d.headers)).status).toBe(200);

    await fault.break();
    // New deliveries and a retry of one already stored, arriving together.
    const during = [delivery(3), delivery(4), delivery(5), delivery(6), before[0]!];
    const refused = await Promise.all(during.map((d) => post(url, d.body, d.headers)));
    for (const answer of refused) {
      // Never a 2xx: a 503, which the service retries (spec 8), with a clear reason and the connection closed.
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ error: 'the delivery could not be stored; retry later' });
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['x-inspector-delivery-id']).toBeUndefined();
    }
    // Not silent: one log line per refused delivery, naming the cause.
    const refusals = log.filter((line) => line.startsWith('receiver: could not store a delivery'));
    expect(refusals).toHaveLength(during.length);
    for (const line of refusals) expect(line).toMatch(fault.cause);
    // The UI still reads (where the store does): it lists what was stored, and nothing else; its status says
    // deliveries are refused, and why.
    if (fault.readable) expect((await core.call('deliveries.list', { filter: {} })).total).toBe(before.length);
    const brokenStatus = await core.call('status.get', {});
    expect(brokenStatus.deliveryCount).toBe(before.length);
    expect(brokenStatus.storeFailure).toMatchObject({ message: expect.stringMatching(fault.cause), refused: during.length });

    await fault.repair();
    // The service's retries are taken by the same process, byte for byte.
    const retried = await Promise.all(during.map((d) => post(url, d.body, d.headers)));
    expect(retried.map((a) => a.status)).toEqual(during.map(() => 200));
    for (const [i, answer] of retried.entries()) {
      const detail = await core.call('deliveries.get', { id: Number(answer.headers['x-inspector-delivery-id']) });
      expect(Buffer.from(detail.bodyBase64, 'base64').equals(during[i]!.body)).toBe(true);
      expect(detail.signature).toBe('valid');
    }
    // The refused attempts left no row behind: exactly the acknowledged deliveries are stored.
    expect((await core.call('deliveries.list', { filter: {} })).total).toBe(before.length + during.length);
    // Storing again: the status no longer says otherwise.
    expect((await core.call('status.get', {})).storeFailure).toBeNull();

    // The derived views catch up: delivery 1 and its retry are one duplicate group; six recipients, six lifecycles.
    const duplicates = await until(
      () => core.call('duplicates.list', {}),
      (d) => d.items.length > 0,
      10_000,
    );
    expect(duplicates.items.map((g) => [g.idempotencyKey, g.count])).toEqual([[keyOf(1), 2]]);
    const lifecycles = await until(
      () => core.call('lifecycles.list', { filter: {} }),
      (l) => l.items.length >= 6,
      10_000,
    );
    expect(lifecycles.items).toHaveLength(6);

    const stored = await queryStore(
      { dataDir: fault.dataDir, location: fault.location },
      'SELECT idempotency_key AS key, count(*) AS n FROM deliveries GROUP BY key ORDER BY key',
    );
    expect(stored.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([1, 2, 3, 4, 5, 6].map((n) => ({ key: keyOf(n), n: n === 1 ? 2 : 1 })));
    if (fault.location === undefined) {
      const db = new Database(join(fault.dataDir, 'inspector.sqlite3'), { readonly: true });
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      db.close();
    }
  }

  it('answers 503, never a 2xx, while the disk is full, says why, and stores again once there is room, without a restart', async () => {
    await refuseThenRecover(fullDisk);
  });

  it('answers 503 while the database is read-only (immutable files: even root cannot write), and recovers once it is writable', async () => {
    await refuseThenRecover(readOnlyDatabase);
  });

  it('answers 503 while the PostgreSQL server is down, says why, and stores again once it is back, without a restart', async () => {
    await refuseThenRecover(databaseStopped);
  });

  it('answers 503 while the PostgreSQL database is read-only, and recovers once it takes writes again', async () => {
    await refuseThenRecover(databaseReadOnly);
  });
});
