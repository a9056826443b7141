import { z } from 'zod';
import { ResponsePolicy } from './policy';
import { SourceHealth } from './relay';
import { RetentionStatus } from './retention';
import { AuditRetentionLimits } from './team';

/** What the core says of itself (`status.get`, the `status.changed` event): its receivers, store, service, secret, upkeep. */

export const Port = z.number().int().min(0).max(65_535);

export const SecretStorage = z.enum([
  /** Not set. */
  'none',
  /** Given on the command line; kept in memory only. */
  'memory',
  /** In a 0600 file in the data dir (headless). */
  'file',
  /** Encrypted by the OS keychain (desktop). */
  'safe_storage',
  /** Desktop, but the OS offers no keychain: safeStorage falls back to plaintext. */
  'basic_text',
  /** The embedded simulator's own secret (its GET /api/webhooks), in force while it runs and none is set. */
  'simulator',
]);
export type SecretStorage = z.infer<typeof SecretStorage>;

/** Deliveries the receiver could not store (answered 503): since the first, the last reason, how many. */
export const StoreFailure = z.object({ since: z.string(), message: z.string(), refused: z.number().int() });
export type StoreFailure = z.infer<typeof StoreFailure>;

/**
 * Background work of the store failing for a while (a full disk, another program holding its lock), not a hiccup
 * a retry overcame: since the first failed attempt, the latest cause.
 */
export const UpkeepFailure = z.object({ since: z.string(), message: z.string() });
export type UpkeepFailure = z.infer<typeof UpkeepFailure>;

/** The relay source in force, as Settings shows it (never its token). */
export const ConfiguredRelay = z.object({
  url: z.string(),
  /** The name its deliveries carry (`relay:<host>`). */
  name: z.string(),
  fingerprint: z.string().nullable(),
  /** How its token is kept: `memory` when given with `serve --relay` for this run. */
  tokenStorage: SecretStorage,
  /** Deliveries in the store that came from it, in every run. */
  stored: z.number().int(),
});
export type ConfiguredRelay = z.infer<typeof ConfiguredRelay>;

export const CoreStatus = z.object({
  /**
   * The order in which the core read this status: one read later has a higher revision. Answers and events travel
   * apart, so a status read earlier may arrive later; the UI keeps the highest revision it was given.
   */
  revision: z.number().int(),
  version: z.string(),
  receivers: z.object({ https: z.string().nullable(), http: z.string().nullable() }),
  ports: z.object({ https: Port, http: Port.nullable() }),
  certificateFingerprint: z.string(),
  secret: z.object({
    set: z.boolean(),
    storage: SecretStorage,
    /** The first 8 hex digits of the SHA-256 of the secret in force, to compare with another; never the secret. */
    fingerprint: z.string().nullable(),
  }),
  policy: ResponsePolicy,
  /** The server's data dir; null below admin on a team server (its paths are the admins'). */
  dataDir: z.string().nullable(),
  /**
   * Where the deliveries are kept: the SQLite file, or the PostgreSQL database (its URL without any password); the
   * location is null below admin on a team server.
   */
  store: z.object({ engine: z.enum(['sqlite', 'postgresql']), location: z.string().nullable() }),
  service: z.object({
    mode: z.enum(['simulator', 'service']),
    /** The API the inspector talks to: the simulator's, or the real service's. */
    baseUrl: z.string().nullable(),
    apiTokenSet: z.boolean(),
  }),
  deliveryCount: z.number().int(),
  bodyLimitBytes: z.number().int(),
  /** Null while deliveries are stored; set from a refused one until the next one stored. */
  storeFailure: StoreFailure.nullable(),
  /** Null while the lifecycles, duplicate groups and search index keep up with the stored deliveries. */
  derivedFailure: UpkeepFailure.nullable(),
  /** Relays the core pulls deliveries from, and how each is doing. */
  sources: z.array(SourceHealth),
  /** The relay source configured (saved in Settings, or given on the command line), or null. */
  relay: ConfiguredRelay.nullable(),
  /** The retention limits in force, what the store keeps and what pruning removed. */
  retention: RetentionStatus,
  /** A team server (serve --team): exports are downloads and imports uploads, never paths on its disk. */
  team: z.boolean(),
  /** A team server's audit log retention (`audit.setRetention`), to admins; null elsewhere and below admin. */
  auditRetention: AuditRetentionLimits.nullable(),
});
export type CoreStatus = z.infer<typeof CoreStatus>;
