import { z } from 'zod';
import { Role } from './role';

// What only a team server (serve --team) has: its audit log and its users, as the control contract carries them.

/** What an audit entry's cut details were as a whole: SHA-256 (hex) and UTF-8 size of their JSON, secrets removed. */
export const AuditCut = z.object({ sha256: z.string(), bytes: z.number().int() });
export type AuditCut = z.infer<typeof AuditCut>;

/** One state change on a team server, as the audit log keeps it: who, when, what, and how it ended. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The team user who made the call, or `command line (<OS user>)` for `serve user …`. */
  actor: z.string(),
  /** The call (`settings.setRetention`), or what else changed (`users.create`, `export.download`). */
  action: z.string(),
  /** What it was aimed at, when there is one thing: a replay's URL, a user's name. */
  target: z.string().nullable(),
  /** Its input, secrets removed (never the signing secret, an API token or a relay token), within the audit log's limits. */
  details: z.unknown(),
  /** When the details were cut to fit: the SHA-256 and size of the whole (secrets removed) as JSON; null when whole. */
  cut: AuditCut.nullable().default(null),
  /** 200 when it was done; else the status it was refused or failed with. */
  status: z.number().int(),
  /** `ok`, or the error it was answered with. */
  outcome: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = z.object({
  items: z.array(AuditEntry),
  /** Pass as `beforeId` for the next (older) page; null after the last. */
  nextBeforeId: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** A team server's user as an admin sees it in Settings (never a token, which is shown once when created). */
export const TeamUserView = z.object({
  name: z.string(),
  role: Role,
  createdAt: z.string(),
  /** When the token stopped opening the inspector; null while it does. */
  revokedAt: z.string().nullable(),
});
export type TeamUserView = z.infer<typeof TeamUserView>;

export const UserName = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._@-]{0,62}$/, 'a user name is 1 to 63 of letters, digits, ".", "_", "@" and "-", starting with a letter or digit');

/** How long and how much of the audit log a team server keeps (admins set it; never unbounded). */
export const AuditRetentionLimits = z.object({
  /** Entries older than this many days are removed. */
  keepDays: z.number().int().min(1).max(36_500),
  /** Beyond this many entries, the oldest are removed. */
  keepEntries: z.number().int().min(1_000).max(100_000_000),
});
export type AuditRetentionLimits = z.infer<typeof AuditRetentionLimits>;

export const defaultAuditRetention: AuditRetentionLimits = { keepDays: 90, keepEntries: 100_000 };

/** `audit.setRetention`'s answer: the limits in force, and how many entries that removed at once. */
export const AuditRetentionApplied = z.object({ limits: AuditRetentionLimits, removed: z.number().int() });
export type AuditRetentionApplied = z.infer<typeof AuditRetentionApplied>;
