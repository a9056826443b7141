import { open, type FileHandle } from 'node:fs/promises';

/**
 * Makes the WAL's committed transactions durable apart from the commits: the writer commits deliveries with
 * synchronous=NORMAL (the WAL is written, not synced), and a sender's 2xx waits for `synced()`, an fdatasync of
 * the WAL that began after its commit. The sync runs on libuv's thread pool, so the writer commits the next batch
 * meanwhile, and one sync covers every commit made before it began.
 *
 * Linux syncs a file's dirty pages whichever descriptor wrote them, so a descriptor of our own serves: opened once,
 * at the first sync, and held (one hop to the thread pool per sync, not three). The WAL keeps its file while the
 * store is open (SQLite removes it only when the last connection closes, after checkpointing it into the database
 * and syncing that); a WAL not there yet has nothing to sync.
 */
export function walSyncer(databaseFile: string) {
  const wal = `${databaseFile}-wal`;
  let file: Promise<FileHandle | null> | null = null;
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;

  const openWal = async (): Promise<FileHandle | null> => {
    try {
      return await open(wal, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  };
  const syncOnce = async (): Promise<void> => {
    const opening = (file ??= openWal());
    const handle = await opening.catch((error: unknown) => {
      file = null;
      throw error;
    });
    if (handle === null) {
      file = null;
      return;
    }
    await handle.datasync();
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
    /** Lets the descriptor go, once the syncs under way have ended (the store is closing). */
    async close(): Promise<void> {
      await Promise.allSettled([running, queued]);
      const handle = await file?.catch(() => null);
      file = null;
      await handle?.close();
    },
  };
}

export type WalSyncer = ReturnType<typeof walSyncer>;
