import { randomBytes } from 'node:crypto';
import type { CoreOptions } from '../core-options';
import { connectTeamDatabase } from '../store';
import { silentLogger } from '../logger';
import { postgresAuditLog } from '../team/audit-log';
import { AuditRetention } from '../team/audit-retention';
import type { SettingsStore } from '../store/inspector-store';
import { RefusalLimiter } from './refusal-limiter';
import { postgresUserDirectory } from '../team/user-directory';
import { listenForUserChanges } from '../team/user-change-listener';
import { hasActiveAdmin } from '../team/users';
import { perStartTokenAccess, teamUserAccess, type Access } from './access';
import type { EventStream } from './event-stream';
import type { TeamRecords } from '../team/calls';
import { hostWithPort } from './guard';

/** What only a team server has: its audit log and its users, and its limit on each user's refused calls. */
export interface TeamServices extends TeamRecords {
  /** How many refused calls each user may make before they are answered 429 (and no longer recorded each). */
  refusals: RefusalLimiter;
}

export interface ControlAccess {
  access: Access;
  /** A team server's audit log and users; null on a personal inspector (its one user audits nothing). */
  team: TeamServices | null;
  /** Ends a user's open streams as soon as they are revoked or change role (a team server), until close. */
  watchStreams(events: EventStream): void;
  bindAddress: string;
  publicOrigins: readonly string[];
  /** The origin to print and to open, once the port is known. */
  uiOrigin(port: number): string;
  /** The UI's address as printed: with the per-start token, or bare on a team server (each user adds theirs). */
  uiUrl(origin: string): string;
  close(): Promise<void>;
}

const loopback = '127.0.0.1';

/** Who may open the UI, and where it listens: one person on this machine, or a team behind its reverse proxy. */
export function controlAccess(options: Pick<CoreOptions, 'team' | 'store' | 'logger'>, settings?: SettingsStore): ControlAccess {
  // team/ takes its lines still (at info).
  const logger = options.logger ?? silentLogger;
  if (options.team === undefined) {
    const token = randomBytes(24).toString('base64url');
    return {
      access: perStartTokenAccess(token),
      team: null,
      watchStreams: () => {},
      bindAddress: loopback,
      publicOrigins: [],
      uiOrigin: (port) => `http://${loopback}:${port}`,
      uiUrl: (origin) => `${origin}/?token=${token}`,
      close: async () => {},
    };
  }
  if (options.store === undefined) throw new Error('a team inspector keeps its users in PostgreSQL: give --store postgresql://…');
  const publicOrigins = (options.team.publicOrigins ?? []).map(publicOrigin);
  const bindAddress = options.team.uiHost ?? loopback;
  const store = options.store;
  const pool = connectTeamDatabase(store, (line) => logger.warn(line));
  const access = teamUserAccess(pool);
  if (settings === undefined) throw new Error("a team inspector keeps its audit log's retention in the store's settings");
  const retention = new AuditRetention({ pool, settings, logger });
  retention.start();
  const listeners: Array<ReturnType<typeof listenForUserChanges>> = [];
  void hasActiveAdmin(pool).then(
    (yes) => yes || logger.warn('team: no user has the admin role: name one with serve user role NAME admin --store …'),
    () => {},
  );
  return {
    access,
    team: { audit: postgresAuditLog(pool), retention, refusals: new RefusalLimiter(), users: postgresUserDirectory(pool) },
    watchStreams: (events) => void listeners.push(listenForUserChanges(store, () => events.recheck(access.rolesNow), logger)),
    bindAddress,
    publicOrigins,
    uiOrigin: (port) => publicOrigins[0] ?? `http://${hostWithPort(bindAddress === '0.0.0.0' || bindAddress === '::' ? loopback : bindAddress, port)}`,
    uiUrl: (origin) => `${origin}/`,
    close: async () => {
      await retention.close();
      await Promise.all(listeners.map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/** An origin the browser will send: scheme, host and port, nothing else. */
function publicOrigin(given: string): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new Error(`--allowed-origin takes an origin such as https://inspector.example.com; got ${JSON.stringify(given)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`--allowed-origin must be http(s); got ${JSON.stringify(given)}`);
  return url.origin;
}
