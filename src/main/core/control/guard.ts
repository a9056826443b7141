import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; error: string };

/** The hosts and origins the UI may use: the control server's own, by IP or by name. Nothing else. */
export function allowedOrigins(port: number): { hosts: Set<string>; origins: Set<string> } {
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
  return { hosts, origins: new Set([...hosts].map((h) => `http://${h}`)) };
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Host defeats DNS rebinding; Origin and Sec-Fetch-Site defeat pages of other origins (other local
 * ports included); the per-start token defeats everything else on the machine.
 */
export function checkRequest(
  req: IncomingMessage,
  allowed: ReturnType<typeof allowedOrigins>,
  token: string,
  givenToken: string | null,
  needsToken: boolean,
): GuardVerdict {
  if (!allowed.hosts.has(req.headers.host ?? '')) return { ok: false, status: 403, error: 'forbidden host' };
  const origin = req.headers.origin;
  if (origin !== undefined && !allowed.origins.has(origin)) return { ok: false, status: 403, error: 'forbidden origin' };
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return { ok: false, status: 403, error: 'forbidden origin' };
  if (needsToken && (givenToken === null || !sameToken(givenToken, token))) {
    return { ok: false, status: 401, error: 'missing or wrong token' };
  }
  return { ok: true };
}

export function bearerToken(req: IncomingMessage): string | null {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}
