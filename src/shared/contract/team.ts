import { z } from 'zod';
import { Role } from '../role';
import { AuditPage, AuditRetentionApplied, AuditRetentionLimits, TeamUserView, UserName } from '../team';
import { Empty } from './empty';

export const SessionInfo = z.object({
  /** The team user; null on a personal inspector. */
  user: z.string().nullable(),
  role: Role,
  /** A team's shared inspector (`serve --team`): roles and the audit log apply. */
  team: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

/** Who is calling, and a team server's audit log and users. */
export const calls = {
  /** Who is calling: a team server's user and their role, or the personal inspector's one user (an admin). */
  'session.get': { input: Empty, output: SessionInfo },
  /** A team server's audit log, newest first, a page at a time (admins). */
  'audit.list': {
    input: z.object({ beforeId: z.number().int().optional(), limit: z.number().int().min(1).max(500).default(100) }),
    output: AuditPage,
  },
  /** How long and how much of the audit log to keep (saved); the entries past either are removed at once and then hourly. */
  'audit.setRetention': { input: AuditRetentionLimits, output: AuditRetentionApplied },
  /** A team server's users (admins); `serve user …` does the same at the server's command line. */
  'users.list': { input: Empty, output: z.object({ items: z.array(TeamUserView) }) },
  /** Creates a user (or gives a revoked one a new token); the token is in this answer only. */
  'users.create': { input: z.object({ name: UserName, role: Role }), output: z.object({ name: z.string(), token: z.string() }) },
  /** Another role for a user (not yourself): their open streams close and reopen with it. */
  'users.setRole': { input: z.object({ name: z.string(), role: Role }), output: z.object({ items: z.array(TeamUserView) }) },
  /** The user's token opens nothing from now on (not yours), and their open streams close. */
  'users.revoke': { input: z.object({ name: z.string() }), output: z.object({ items: z.array(TeamUserView) }) },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'session.get': 'viewer',
  'audit.list': 'admin',
  'audit.setRetention': 'admin',
  'users.list': 'admin',
  'users.create': 'admin',
  'users.setRole': 'admin',
  'users.revoke': 'admin',
} as const satisfies Record<keyof typeof calls, Role>;
