import { isStoreUnavailable } from './store-unavailable';

/** Whether the database answered the probe; `reason` says why not in words of our own (never a URL or password). */
export type DatabaseHealth = { ok: true } | { ok: false; reason: string };

export interface DatabaseProbeOptions {
  /** Runs a trivial query on the database (`SELECT 1`). */
  ask: () => Promise<unknown>;
  /** How long one answer serves every caller, so that frequent probes cannot load the database. */
  reuseMs: number;
  /** How long the database has to answer before it counts as unavailable. */
  answerWithinMs: number;
  now?: () => number;
}

const answered: DatabaseHealth = { ok: true };

/** The reason for a failed query, from its kind alone: a driver's message may name the host, the user or the database. */
function reasonFor(error: unknown): string {
  if (isStoreUnavailable(error)) return 'the database cannot be reached';
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? `the database refused the query (SQLSTATE ${code})` : 'the query failed';
}

/**
 * Asks whether the database answers, for health checks: one query at a time (callers meanwhile share its answer, and a
 * query that outlives its bound is not joined by another), its answer reused for `reuseMs`.
 */
export function createDatabaseProbe(options: DatabaseProbeOptions): () => Promise<DatabaseHealth> {
  const now = options.now ?? Date.now;
  const tooSlow: DatabaseHealth = { ok: false, reason: `the database did not answer within ${options.answerWithinMs / 1000} s` };
  let last: { at: number; health: DatabaseHealth } | null = null;
  let checking: Promise<DatabaseHealth> | null = null;
  let queryInFlight = false;

  const check = (): Promise<DatabaseHealth> => {
    if (queryInFlight) return Promise.resolve(tooSlow);
    queryInFlight = true;
    const query = Promise.resolve().then(options.ask).then(
      () => answered,
      (error: unknown) => ({ ok: false, reason: reasonFor(error) }) as const,
    );
    void query.then(() => (queryInFlight = false));
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<DatabaseHealth>((resolve) => {
      timer = setTimeout(() => resolve(tooSlow), options.answerWithinMs);
      timer.unref();
    });
    return Promise.race([query, bound]).finally(() => clearTimeout(timer));
  };

  return () => {
    if (last !== null && now() - last.at < options.reuseMs) return Promise.resolve(last.health);
    checking ??= check().then((health) => {
      last = { at: now(), health };
      checking = null;
      return health;
    });
    return checking;
  };
}
