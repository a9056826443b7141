import { randomBytes } from 'node:crypto';
import type { CoreOptions } from '../core-options';
import { connectPool } from '../store/postgres/connect';
import { perStartTokenAccess, teamUserAccess, type Authenticate } from './access';
import { hostWithPort } from './guard';

export interface ControlAccess {
  authenticate: Authenticate;
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
export function controlAccess(options: Pick<CoreOptions, 'team' | 'store' | 'log'>): ControlAccess {
  if (options.team === undefined) {
    const token = randomBytes(24).toString('base64url');
    return {
      authenticate: perStartTokenAccess(token),
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
  const pool = connectPool(options.store, options.log ?? (() => {}));
  return {
    authenticate: teamUserAccess(pool),
    bindAddress,
    publicOrigins,
    uiOrigin: (port) => publicOrigins[0] ?? `http://${hostWithPort(bindAddress === '0.0.0.0' || bindAddress === '::' ? loopback : bindAddress, port)}`,
    uiUrl: (origin) => `${origin}/`,
    close: () => pool.end(),
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
