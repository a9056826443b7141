import pg from 'pg';
import { userChangesChannel } from './users';
import type { Logger } from '../logger';

export interface UserChangeListener {
  /** Settles once the first LISTEN is in place (or failed: the periodic check then stands in until it is). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * Calls `onChange` when a user is created, revoked or given another role, by any process (`serve user …` runs
 * apart from the server): PostgreSQL's LISTEN on the channel users.ts notifies. Every `backstopMs` it is called
 * anyway, and a lost listening connection is opened again then, so a notification missed while it was down
 * costs at most that long.
 */
export function listenForUserChanges(
  url: string,
  onChange: () => Promise<unknown>,
  logger: Logger,
  backstopMs = 10_000,
): UserChangeListener {
  let client: pg.Client | null = null;
  let closed = false;
  let running: Promise<unknown> = Promise.resolve();
  // One check at a time, each one after the change that asked for it.
  const check = () => (running = running.then(onChange).catch((error: Error) => logger.warn(`team: could not check the users' streams (${error.message})`)));

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('error', (error) => {
      logger.warn(`team: the connection listening for user changes failed (${error.message}); listening again in ${backstopMs / 1000} s`);
      if (client === next) client = null;
      void next.end().catch(() => {});
    });
    next.on('notification', () => void check());
    try {
      await next.connect();
      await next.query(`LISTEN ${userChangesChannel}`);
    } catch (error) {
      logger.warn(`team: could not listen for user changes (${(error as Error).message})`);
      await next.end().catch(() => {});
      return;
    }
    if (closed) return void (await next.end().catch(() => {}));
    client = next;
  };

  const ready = connect();
  const backstop = setInterval(() => {
    if (client === null && !closed) void connect();
    void check();
  }, backstopMs);
  backstop.unref();

  return {
    ready,
    async close() {
      closed = true;
      clearInterval(backstop);
      await ready;
      await running;
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
