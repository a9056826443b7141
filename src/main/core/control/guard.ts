import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type GuardVerdict = { ok: true } | { ok: false; status: 403; error: string };

export interface AllowedOrigins {
  hosts: Set<string>;
  origins: Set<string>;
}

const wildcardAddresses = new Set(['0.0.0.0', '::', '']);

export function hostWithPort(address: string, port: number): string {
  return `${address.includes(':') ? `[${address}]` : address}:${port}`;
}

/**
 * The hosts and origins the UI may use: the control server's own, by IP or by name, the address it was told
 * to bind, and the public origins an operator names (a team server behind a reverse proxy). Nothing else.
 */
export function allowedOrigins(port: number, bindAddress = '127.0.0.1', publicOrigins: readonly string[] = []): AllowedOrigins {
  const own = [`127.0.0.1:${port}`, `localhost:${port}`];
  if (!wildcardAddresses.has(bindAddress)) own.push(hostWithPort(bindAddress, port));
  const hosts = new Set(own);
  const origins = new Set(own.map((h) => `http://${h}`));
  for (const origin of publicOrigins) {
    const url = new URL(origin);
    hosts.add(url.host);
    origins.add(url.origin);
  }
  return { hosts, origins };
}

export function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Host defeats DNS rebinding; Origin and Sec-Fetch-Site defeat pages of other origins (other local
 * ports included). The token (control/access.ts) defeats everything else.
 */
export function checkRequest(req: IncomingMessage, allowed: AllowedOrigins): GuardVerdict {
  if (!allowed.hosts.has(req.headers.host ?? '')) return { ok: false, status: 403, error: 'forbidden host' };
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed.origins.has(origin)) return { ok: false, status: 403, error: 'forbidden origin' };
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return { ok: false, status: 403, error: 'forbidden origin' };
  return { ok: true };
}

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
