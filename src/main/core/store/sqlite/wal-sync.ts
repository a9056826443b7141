import { open } from 'node:fs/promises';

/**
 * Makes the WAL's committed transactions durable apart from the commits: the writer commits deliveries with
 * synchronous=NORMAL (the WAL is written, not synced), and a sender's 2xx waits for `synced()`, an fdatasync of
 * the WAL that began after its commit. The sync runs on libuv's thread pool, so the writer commits the next batch
 * meanwhile, and one sync covers every commit made before it began.
 *
 * Linux syncs a file's dirty pages whichever descriptor wrote them, so a descriptor of our own serves. The WAL is
 * opened for each sync, never held: SQLite removes it when the last connection closes, after checkpointing it into
 * the database (and syncing that), so a WAL that is gone has nothing left to sync.
 */
export function walSyncer(databaseFile: string) {
  const wal = `${databaseFile}-wal`;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const syncOnce = async (): Promise<void> => {
    let handle;
    try {
      handle = await open(wal, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };
  const start = (): Promise<void> => {
    const sync = syncOnce().finally(() => {
      if (running === sync) running = null;
    });
    running = sync;
    return sync;
  };

  return {
    /** Settles once every transaction committed before the call is on disk (rejects when the sync failed). */
    synced(): Promise<void> {
      if (running === null) return start();
      // The sync under way may have begun before this commit: the next one, shared by every caller until it starts.
      queued ??= running
        .catch(() => {})
        .then(() => {
          queued = null;
          return start();
        });
      return queued;
    },
  };
}

export type WalSyncer = ReturnType<typeof walSyncer>;
