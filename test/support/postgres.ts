import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { unusedPort } from './unused-port';

/** A PostgreSQL cluster of a test's own: a fresh initdb's files in a temp dir, a 127.0.0.1 port, stopped by the test. */
export interface TestPostgres {
  /** `postgresql://…` of a fresh database in this cluster. */
  url: string;
  /** The server's process id (its backends are its children); 0 while halted. */
  readonly pid: number;
  /** A new empty database in the same cluster. */
  createDatabase(name: string): Promise<string>;
  /** Shuts the server down (fast: its clients are disconnected), keeping its files, as a database going away does. */
  halt(): Promise<void>;
  /** Kills the server as a power cut would (immediate shutdown: no checkpoint, WAL not yet flushed is lost), keeping its files. */
  crash(): Promise<void>;
  /** Starts the halted server again, on the same port with the same data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/** Debian puts the server's programs under /usr/lib/postgresql/<major>/bin, off PATH; PG_BIN overrides. */
function serverBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (newest === undefined) throw new Error('PostgreSQL is not installed (apt-get install postgresql), or set PG_BIN');
  return join(root, newest, 'bin');
}

/** The server refuses to run as root: as root, it runs as Debian's `postgres` user. */
function serverUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
  return { uid: id('-u'), gid: id('-g') };
}

function waitForReady(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onData = () => {
      if (output().includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.off('exit', onExit);
        resolve();
      }
    };
    const onExit = (code: number | null) => reject(new Error(`postgres exited (${code}) before it was ready:\n${output()}`));
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * The files of a fresh `initdb`, made once for these server programs and this user and kept in the temp dir, then
 * copied for each cluster: a copy costs a sixth of initdb's CPU (about 0.25 s against 1.5 s), and every cluster
 * still starts from the same untouched files (the kept ones are never started).
 */
let initdbFiles: string | null = null;

function freshClusterFiles(bin: string, user: { uid?: number; gid?: number }): string {
  if (initdbFiles) return initdbFiles;
  const kept = join(tmpdir(), `inspector-pg-initdb-${createHash('sha256').update(`${bin} ${user.uid ?? process.getuid?.()}`).digest('hex').slice(0, 12)}`);
  if (!existsSync(join(kept, 'data', 'PG_VERSION'))) {
    const dir = mkdtempSync(`${kept}-`);
    if (user.uid !== undefined) chownSync(dir, user.uid, user.gid ?? 0);
    const initArgs = ['-D', join(dir, 'data'), '-U', 'inspector', '--auth=trust', '-E', 'UTF8', '--no-sync'];
    execFileSync(join(bin, 'initdb'), initArgs, { stdio: 'pipe', cwd: dir, ...user });
    // Complete files only, under the kept name; another process that got there first made the same.
    try {
      renameSync(dir, kept);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  initdbFiles = join(kept, 'data');
  return initdbFiles;
}

/** `baseDir`: where the cluster lives (the system's temp dir by default; a benchmark puts it on a real disk). */
export async function startTestPostgres(baseDir = tmpdir()): Promise<TestPostgres> {
  const bin = serverBinDir();
  const dir = mkdtempSync(join(baseDir, 'inspector-pg-'));
  const user = serverUser();
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid ?? 0);
  const dataDir = join(dir, 'data');
  // As the server's user, keeping the modes it demands (0700).
  execFileSync('cp', ['-a', freshClusterFiles(bin, user), dataDir], { stdio: 'pipe', cwd: dir, ...user });
  const port = await unusedPort();
  const args = ['-D', dataDir, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'];
  /** The server process, ready; resolves `exited` when it ends. */
  const launch = async () => {
    const child = spawn(join(bin, 'postgres'), args, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...user });
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await waitForReady(child, () => output);
    return { child, exited };
  };
  let server: Awaited<ReturnType<typeof launch>> | null = await launch();
  const base = `postgresql://inspector@127.0.0.1:${port}`;
  let admin: pg.Client | null = null;
  const adminClient = async () => {
    if (admin) return admin;
    const client = new pg.Client({ connectionString: `${base}/postgres` });
    client.on('error', () => {});
    await client.connect();
    admin = client;
    return client;
  };
  const createDatabase = async (name: string) => {
    await (await adminClient()).query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
    return `${base}/${name}`;
  };
  const url = await createDatabase('inspector_test');
  /** SIGINT: fast shutdown (disconnect clients, checkpoint, exit); SIGQUIT: immediate (exit at once, recover at the next start). */
  const halt = async (signal: 'SIGINT' | 'SIGQUIT' = 'SIGINT') => {
    const running = server;
    server = null;
    await admin?.end().catch(() => {});
    admin = null;
    if (!running) return;
    running.child.kill(signal);
    await running.exited;
  };
  return {
    url,
    get pid() {
      return server?.child.pid ?? 0;
    },
    createDatabase,
    halt: () => halt(),
    crash: () => halt('SIGQUIT'),
    async resume() {
      server ??= await launch();
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
