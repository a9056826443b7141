import { userInfo } from 'node:os';
import { z } from 'zod';
import type { AllowRule } from '../outbound/allow-rule';
import { parseSavedRules, savedEgressRulesKey } from '../outbound/egress-settings';
import { connectTeamDatabase } from '../store';
import { postgresAuditLog, type AuditLog } from './audit-log';
import type { Logger } from '../logger';

/**
 * Who a coding agent's sends are recorded as (`sentBy`, the audit log's actor): `mcp (<operating system user>)`. Never
 * a team user's name: those have no spaces or parentheses, so an agent's replay is nobody's "own" in the views.
 */
export function agentActor(): string {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // No passwd entry for the uid (a container): the name stays unknown.
  }
  return `mcp (${name})`;
}

/** What an agent's server (`webhook-inspector mcp`) on a team's store reads and writes beside the deliveries. */
export interface AgentTeamAccess {
  /** The team's audit log: each send the agent asks for is recorded, refused or not. */
  audit: AuditLog;
  /** The egress rules an admin saved (Settings → Egress), read now: a change applies at the next send. */
  savedEgressRules(): Promise<AllowRule[]>;
  close(): Promise<void>;
}

/** Opens its own pool on the team's database (the store, opened first, has migrated it). */
export function agentTeamAccess(url: string, logger: Logger): AgentTeamAccess {
  const pool = connectTeamDatabase(url, (line) => logger.warn(line));
  return {
    audit: postgresAuditLog(pool),
    async savedEgressRules() {
      const { rows } = await pool.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [savedEgressRulesKey]);
      const saved = rows[0] === undefined ? [] : z.array(z.string()).catch([]).parse(JSON.parse(rows[0].value));
      return parseSavedRules(saved, logger);
    },
    close: () => pool.end(),
  };
}
