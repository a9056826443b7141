import { statfsSync } from 'node:fs';

const tmpfsMagic = 0x01021994;
/** Room for the largest stores the suites build at once (two of 300,000 deliveries, ≈ 1 GiB each), with margin. */
const minimumFreeBytes = 8 * 2 ** 30;

/**
 * Points TMPDIR at /dev/shm, when it is a tmpfs with room to spare and TMPDIR was not set, for the test runner and
 * every process it starts (its workers, the served CLI, PostgreSQL, Chromium). The receiver syncs every delivery
 * before its 2xx, and on a disk the suites spent a fifth of their time waiting on those syncs. What the tests check
 * holds alike in memory: the sync calls are still made (strace sees them), a SIGKILL loses what it loses on a disk.
 * What a sync costs is the benchmarks' to measure, and they keep their stores on the disk.
 */
export function useMemoryTmpdir(): void {
  if (process.env.TMPDIR) return;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type === tmpfsMagic && fs.bavail * fs.bsize >= minimumFreeBytes) process.env.TMPDIR = '/dev/shm';
  } catch {
    // No /dev/shm: the system's temp dir, as before.
  }
}
