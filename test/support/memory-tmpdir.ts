import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';

const tmpfsMagic = 0x01021994;
/** Room for the largest stores the suites build at once (two of 300,000 deliveries, ≈ 1 GiB each), with margin. */
const minimumFreeBytes = 8 * 2 ** 30;

/**
 * Points TMPDIR at a directory of this run in /dev/shm, when it is a tmpfs with room to spare and TMPDIR was not
 * set, for the test runner and every process it starts (its workers, the served CLI, PostgreSQL, Chromium). The
 * receiver syncs every delivery before its 2xx, and on a disk the suites spent a fifth of their time waiting on
 * those syncs. What the tests check holds alike in memory: the sync calls are still made (strace sees them), a
 * SIGKILL loses what it loses on a disk. What a sync costs is the benchmarks' to measure, and they keep their stores
 * on the disk. The directory goes when the runner exits, with whatever a test left in it: memory is not a disk.
 */
export function useMemoryTmpdir(): void {
  if (process.env.TMPDIR) return;
  try {
    const fs = statfsSync('/dev/shm');
    if (fs.type !== tmpfsMagic || fs.bavail * fs.bsize < minimumFreeBytes) return;
    const dir = mkdtempSync(join('/dev/shm', 'webhook-inspector-tests-'));
    // As /tmp: PostgreSQL's clusters run as its own user (as root, `postgres`), who must make theirs inside.
    chmodSync(dir, 0o1777);
    process.env.TMPDIR = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  } catch {
    // No /dev/shm: the system's temp dir, as before.
  }
}
