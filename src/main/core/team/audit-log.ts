import { userInfo } from 'node:os';
import type pg from 'pg';
import { AuditCut, type AuditEntry, type AuditPage } from '../../../shared/team';
import { auditTarget, keptDetails } from './audit-details';

/**
 * A change to record. `details` is the raw input: secrets are removed here, whoever records, and what is kept is
 * bounded (audit-details.ts: its size, keys, depth; the digest of the whole when cut), as are the texts beside it.
 */
export interface AuditRecord {
  /** The team user, or `commandLineActor()`. */
  actor: string;
  /** The call's name, or what else changed: `users.create`, `export.download`, `import.upload`. */
  action: string;
  details?: unknown;
  /** Taken from the details (a URL, a path) when not given. */
  target?: string | null;
  /** 200 when done; else the status it was answered with. */
  status: number;
  /** The error's message when it was not done. */
  error?: string;
}

/** A team server's record of who changed what. */
export interface AuditLog {
  record(entry: AuditRecord): Promise<void>;
  list(beforeId: number | undefined, limit: number): Promise<AuditPage>;
}

/** Who made a change at the server's command line (`serve user …`): the operating system's user. */
export function commandLineActor(): string {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // No passwd entry for the uid (a container): the name stays unknown.
  }
  return `command line (${name})`;
}

/** The characters an entry keeps of each text beside its details (the error's message can quote a caller's input). */
const textLimits = { actor: 200, action: 200, target: 500, outcome: 1000 };

/** A text as a row keeps it: cut to `limit`, and without NUL, which PostgreSQL's text refuses (the entry would be lost). */
function bounded(text: string, limit: number): string {
  const kept = text.length > limit ? `${text.slice(0, limit)}…` : text;
  return kept.replaceAll('\0', '\uFFFD');
}

export function postgresAuditLog(pool: pg.Pool): AuditLog {
  return {
    async record(entry) {
      const { details, cut } = keptDetails(entry.details ?? {});
      const target = entry.target !== undefined ? entry.target : auditTarget(details);
      await pool.query(
        'INSERT INTO audit_log (actor, action, target, details, details_cut, status, outcome) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          bounded(entry.actor, textLimits.actor),
          bounded(entry.action, textLimits.action),
          target === null ? null : bounded(target, textLimits.target),
          JSON.stringify(details),
          cut === null ? null : JSON.stringify(cut),
          entry.status,
          bounded(entry.status < 300 ? 'ok' : (entry.error ?? `status ${entry.status}`), textLimits.outcome),
        ],
      );
    },
    async list(beforeId, limit) {
      const { rows } = await pool.query<{
        id: number;
        at: Date;
        actor: string;
        action: string;
        target: string | null;
        details: string;
        details_cut: string | null;
        status: number;
        outcome: string;
      }>(
        `SELECT id, at, actor, action, target, details, details_cut, status, outcome FROM audit_log
         WHERE $1::bigint IS NULL OR id < $1 ORDER BY id DESC LIMIT $2`,
        [beforeId ?? null, limit + 1],
      );
      const items: AuditEntry[] = rows.slice(0, limit).map((row) => ({
        id: Number(row.id),
        at: row.at.toISOString(),
        actor: row.actor,
        action: row.action,
        target: row.target,
        details: JSON.parse(row.details) as unknown,
        cut: row.details_cut === null ? null : AuditCut.parse(JSON.parse(row.details_cut)),
        status: row.status,
        outcome: row.outcome,
      }));
      return { items, nextBeforeId: rows.length > limit ? items[items.length - 1]!.id : null };
    },
  };
}
