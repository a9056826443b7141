import type { CoreStatus } from '../../shared/contract';
import type { TransferRecord } from './team/transfer-record';
import type { UploadBudgetOptions } from './import/upload-budget';
import type { RetentionLimits } from '../../shared/retention';
import type { ForwardSettings } from '../../shared/replay';
import type { DeliveryFeed } from './delivery-feed';
import type { Resolver } from './outbound/egress-policy';
import type { SenderLimits } from './replay/send-replay';
import type { RelayEndpoint } from './sources/relay-client';
import type { SecretStore } from './secret-store';
import type { ServiceApiOptions } from './service-api';
import type { EmbeddedSimulatorOptions } from './service-connection';

import type { ReceiverTimeouts } from '@webhook-inspector/capture';
import type { Logger } from './logger';

export type { ReceiverTimeouts };

export interface CoreOptions {
  /**
   * A relay to pull deliveries from (outbound only): its URL, the channel's pull token, a pinned certificate.
   * For this run only, in place of the one saved from Settings.
   */
  relay?: RelayEndpoint;
  /** Live forwarding for this run (`listen --forward-to`), in place of the one saved in Settings, and never saved. */
  forward?: ForwardSettings;
  /** Retention limits for this run (`serve --keep-days/--keep-size`), in place of the ones saved in Settings. */
  retention?: RetentionLimits;
  /** Where the database, certificate and settings live. */
  dataDir: string;
  /**
   * The inspector's store: a `postgresql://…` URL for a PostgreSQL database (a team's shared inspector);
   * default: the SQLite file in dataDir.
   */
  store?: string;
  /** Receiver bind address; 127.0.0.1 unless told otherwise. */
  host?: string;
  /** HTTPS receiver port; 0 for an ephemeral one. Default: the saved setting, else 8443. */
  httpsPort?: number;
  /** Optional plain-HTTP receiver (for a tunnel that terminates TLS); null or undefined = off unless saved. */
  httpPort?: number | null;
  /** Control server (UI) port; 0 = ephemeral (default). */
  uiPort?: number;
  /**
   * A team's shared inspector (needs a PostgreSQL `store`): the control server lets in the users' own tokens
   * (`serve user create`) instead of the per-start token, binds `uiHost`, and accepts `publicOrigins`.
   */
  team?: { uiHost?: string; publicOrigins?: string[] };
  /**
   * `serve --allow-target`: targets a team server may reach although their address is loopback, private,
   * link-local… (the grammar is parseAllowRule's), for this run, beside the ones saved from Settings.
   */
  allowTargets?: string[];
  /** How outbound connections resolve names (the system's by default; a test gives its own). */
  resolveHost?: Resolver;
  /** Signing secret for this run (kept in memory only); overrides the stored one. */
  secret?: string;
  /** Where a secret set from the UI is kept; default: a 0600 file in dataDir. */
  secretStore?: SecretStore;
  /** Where the service's API token is kept; default: a 0600 file in dataDir. */
  apiTokenStore?: SecretStore;
  /** Where a relay's channel token set in Settings is kept; default: a 0600 file in dataDir. */
  relayTokenStore?: SecretStore;
  /**
   * The embedded simulator, started while no real service is configured (the default: {}).
   * false: never start it, as when only receiving.
   */
  simulator?: EmbeddedSimulatorOptions | false;
  /** The client of the service's API: request timeout and client-side rate limit. */
  serviceApi?: Omit<ServiceApiOptions, 'clock'>;
  /** The built renderer to serve (out/renderer); without it the control server serves the calls only. */
  rendererDir?: string;
  /** Largest body accepted, in bytes (default 1 MiB). */
  bodyLimitBytes?: number;
  /** Largest upload to import (POST /transfer/import), in bytes; an archive may unpack to as much (default 1 GiB). */
  uploadLimitBytes?: number;
  /** What all uploads in progress may hold at once, how many one user may have, and an archive's unpacked-to-packed ratio. */
  uploadBudget?: Partial<UploadBudgetOptions>;
  /** Told of every download and upload: who, what, how it ended (the audit log). */
  onTransfer?: (record: TransferRecord) => void;
  timeouts?: Partial<ReceiverTimeouts>;
  /** Replays and forwards: connect and read timeouts (default 5 s and 10 s, as the service) and the response body kept. */
  replayLimits?: Partial<SenderLimits>;
  /** Path of a better-sqlite3 binary built for this runtime (the desktop's own). */
  nativeBinding?: string;
  /**
   * The store's built writer thread (`store-writer.js`), found beside the bundle by default; the tests, which run
   * the core from its sources, pass the built one. Null: analysis and commits on the main thread.
   */
  writerThreadFile?: string | null;
  /** The PostgreSQL store's built writer thread (`postgres-writer.js`), likewise. */
  postgresWriterFile?: string | null;
  /**
   * Where the core says what happened (logger.ts: human lines for a person, pino's JSON for a team server); never
   * given secrets. Default: silent.
   */
  logger?: Logger;
}

export interface CoreUrls {
  receiverHttps: string | null;
  receiverHttp: string | null;
  /** The control server's origin, e.g. http://127.0.0.1:5173; a team server's public one when it was given. */
  uiOrigin: string;
  /** Where the control server listens, e.g. http://0.0.0.0:8080 on a team server. */
  uiListening: string;
  /** The UI with its token, e.g. http://127.0.0.1:5173/?token=…; a team server's has none (each user brings theirs). */
  ui: string;
  /** The embedded simulator's API while it runs, else null. */
  simulatorApi: string | null;
}

export interface Core {
  urls: CoreUrls;
  certificateFingerprint: string;
  /** Whether a signing secret is in force, whose, and its fingerprint (never the secret). */
  signingSecret(): CoreStatus['secret'];
  /** Each delivery as it is stored, with its forward's answer, for a reader in this process (`listen`). */
  deliveryFeed: DeliveryFeed;
  close(): Promise<void>;
}
