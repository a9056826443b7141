import { closeSync, fdatasyncSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Busy CPU time of the whole machine so far, ms, all cores (from /proc/stat; null where there is none). */
export function machineBusyMs(): number | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
  } catch {
    return null;
  }
}

/** What is left of BENCH_QUIET_WAIT (seconds, default 300, for the whole `npm run bench`; 0 = never wait). */
let waitBudgetMs = Number(process.env.BENCH_QUIET_WAIT ?? 300) * 1000;

/**
 * Before a timed run: waits until the machine is quiet (under `threshold` of one core busy over a second, while
 * the benchmark's own processes idle), drawing on the wait budget; once it is spent, goes on at once. Other work
 * on a 2-core machine (tests, builds) would otherwise be measured too; each run also reports what others used.
 */
export async function waitForQuiet(threshold = 0.15): Promise<void> {
  let said = false;
  for (;;) {
    const before = machineBusyMs();
    if (before === null) return;
    const started = Date.now();
    await sleep(1000);
    const share = (machineBusyMs()! - before) / (Date.now() - started);
    if (share < threshold || waitBudgetMs <= 0) {
      if (said) console.log(`  … ${share < threshold ? 'quiet again' : 'still busy, the wait budget is spent: going on'} (${(share * 100).toFixed(0)} % of a core)`);
      return;
    }
    waitBudgetMs -= Date.now() - started;
    if (!said) console.log(`  the machine is busy (${(share * 100).toFixed(0)} % of a core outside the benchmark): waiting (budget left ${(waitBudgetMs / 1000).toFixed(0)} s) …`);
    said = true;
  }
}

/**
 * CPU time (user + system) of each of this process's threads so far, ms, by thread id (/proc/self/task; empty
 * where there is none). The main thread's id is the process's; Node names every thread "node", so a worker
 * thread is told apart by what it uses.
 */
export function threadCpuMs(): Record<string, number> {
  const byThread: Record<string, number> = {};
  try {
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // After the command's name (in parentheses, which may hold spaces): fields 14 and 15 are utime and stime.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byThread[tid] = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    }
  } catch {
    // A thread that ended while being read, or no /proc: what was read so far.
  }
  return byThread;
}

/** Bytes this process caused to be written to storage so far (/proc/self/io write_bytes), or null. */
export function writtenBytes(): number | null {
  try {
    const line = readFileSync('/proc/self/io', 'utf8').split('\n').find((l) => l.startsWith('write_bytes:'));
    return line ? Number(line.split(':')[1]) : null;
  } catch {
    return null;
  }
}

/**
 * Bytes the block device holding `dir` has been sent to write so far (its sectors written, of 512 bytes, in
 * /sys/dev/block/<major>:<minor>/stat), by every process of the machine; null where the kernel does not say.
 * `write_bytes` above can count a page written into a large folio of the page cache as the whole folio (bench/README,
 * sixth round); the device's count cannot, so the two side by side show when that happened.
 */
export function deviceWrittenBytes(dir: string): number | null {
  try {
    const dev = statSync(dir, { bigint: true }).dev;
    const major = ((dev >> 8n) & 0xfffn) | ((dev >> 32n) & ~0xfffn);
    const minor = (dev & 0xffn) | ((dev >> 12n) & ~0xffn);
    const fields = readFileSync(`/sys/dev/block/${major}:${minor}/stat`, 'utf8').trim().split(/\s+/).map(Number);
    const sectorsWritten = fields[6];
    return sectorsWritten === undefined || Number.isNaN(sectorsWritten) ? null : sectorsWritten * 512;
  } catch {
    return null;
  }
}

/**
 * The disk's own fdatasync latency where the stores live (`dir`): 16 KiB rewritten in place in a file allocated
 * beforehand (as the WAL is rewritten once it has grown), then synced, once a millisecond for `ms`. What any
 * acknowledgement that waits for its sync waits at least; ms per sync, sorted.
 */
export function fdatasyncLatencies(dir: string, ms = 3_000): number[] {
  const file = join(dir, 'fdatasync-probe');
  const block = Buffer.alloc(16 * 1024, 7);
  const blocks = 1_024;
  const fd = openSync(file, 'w');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  try {
    for (let i = 0; i < blocks; i++) writeSync(fd, block, 0, block.length, i * block.length);
    fdatasyncSync(fd);
    const took: number[] = [];
    for (const end = performance.now() + ms; performance.now() < end; ) {
      writeSync(fd, block, 0, block.length, (took.length % blocks) * block.length);
      const started = performance.now();
      fdatasyncSync(fd);
      took.push(performance.now() - started);
      Atomics.wait(pause, 0, 0, 1);
    }
    return took.sort((a, b) => a - b);
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}
