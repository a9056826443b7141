import type pg from 'pg';
import { AuditRetentionLimits, defaultAuditRetention, type AuditRetentionApplied } from '../../../shared/team';
import type { SettingsStore } from '../store/inspector-store';
import type { Logger } from '../logger';

const settingKey = 'auditRetention';
const batch = 10_000;
export const auditPruneEveryMs = 60 * 60 * 1000;

export interface AuditRetentionDeps {
  pool: pg.Pool;
  /** Where the limits are saved: the team store's settings. */
  settings: SettingsStore;
  /** The clock retention's days are counted on (the tests' to set). */
  now?: () => number;
  /** Runs `prune` every so often until the returned stop is called (default: every hour, unref'd). */
  every?: (prune: () => void) => () => void;
  logger: Logger;
}

const hourly = (prune: () => void) => {
  const timer = setInterval(prune, auditPruneEveryMs);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * How long and how much of a team server's audit log is kept: never unbounded (90 days and 100,000 entries unless an
 * admin says otherwise). The entries past either limit are removed when the server starts, when the limits change,
 * and hourly, a batch at a time.
 */
export class AuditRetention {
  private stopTimer: (() => void) | null = null;
  private pruning: Promise<number> = Promise.resolve(0);

  constructor(private readonly deps: AuditRetentionDeps) {}

  get limits(): AuditRetentionLimits {
    return this.deps.settings.read(settingKey, AuditRetentionLimits) ?? defaultAuditRetention;
  }

  start(): void {
    if (this.stopTimer !== null) return;
    const run = () => void this.prune().catch(() => 0);
    this.stopTimer = (this.deps.every ?? hourly)(run);
    run();
  }

  async set(limits: AuditRetentionLimits): Promise<AuditRetentionApplied> {
    this.deps.settings.write(settingKey, limits);
    return { limits, removed: await this.prune() };
  }

  /** Removes what is past the limits in force; one prune at a time. Resolves with how many entries went. */
  prune(): Promise<number> {
    const next = this.pruning.catch(() => 0).then(() => this.pruneNow());
    this.pruning = next.catch((error: Error) => {
      this.deps.logger.warn(`audit: could not prune the audit log (${error.message})`);
      return 0;
    });
    return next;
  }

  private async pruneNow(): Promise<number> {
    const { keepDays, keepEntries } = this.limits;
    const cutoff = new Date((this.deps.now ?? Date.now)() - keepDays * 86_400_000);
    let removed = 0;
    for (;;) {
      const { rowCount } = await this.deps.pool.query(
        'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < $1 ORDER BY at LIMIT $2)',
        [cutoff, batch],
      );
      removed += rowCount ?? 0;
      if ((rowCount ?? 0) < batch) break;
    }
    // The newest keepEntries stay: the first id past them and everything older go.
    const { rows } = await this.deps.pool.query<{ id: string }>('SELECT id FROM audit_log ORDER BY id DESC OFFSET $1 LIMIT 1', [keepEntries]);
    const oldestGone = rows[0]?.id;
    if (oldestGone !== undefined) {
      for (;;) {
        const { rowCount } = await this.deps.pool.query(
          'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE id <= $1 ORDER BY id LIMIT $2)',
          [oldestGone, batch],
        );
        removed += rowCount ?? 0;
        if ((rowCount ?? 0) < batch) break;
      }
    }
    if (removed > 0) this.deps.logger.info(`audit: removed ${removed} entries past the audit log's retention (${keepDays} days, ${keepEntries} entries)`);
    return removed;
  }

  async close(): Promise<void> {
    this.stopTimer?.();
    this.stopTimer = null;
    await this.pruning.catch(() => 0);
  }
}
