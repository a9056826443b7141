import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** An address a connection may go to, resolved once and checked: the socket connects to it, never resolving again. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** What every connection asks before it connects: the app's egress policy, or `unrestrictedEgress`. */
export interface Egress {
  /** Resolves the target's host once and checks every address it has: the ones to connect to (at least one). */
  addressesFor(target: URL): Promise<CheckedAddress[]>;
}

/** Name resolution (every address of a name); the system's unless a test gives its own. */
export type Resolver = (hostname: string) => Promise<ReadonlyArray<{ address: string; family: number }>>;

export const systemResolver: Resolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A connection the policy does not let through: a 403 to the caller, its message naming the rule. */
export class EgressRefused extends Error {
  readonly status = 403;
}

/** An address without URL brackets or an IPv6 zone: `[::1]` → `::1`. */
export function bareAddress(address: string): string {
  return address.replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
}

/** The addresses of a host, resolved once (an IP literal is its own). */
export async function resolveOnce(hostname: string, resolve: Resolver): Promise<CheckedAddress[]> {
  const host = bareAddress(hostname);
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family: family as 4 | 6 }];
  const found = await resolve(host);
  if (found.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map(({ address }) => ({ address: bareAddress(address), family: isIP(bareAddress(address)) === 6 ? 6 : 4 }));
}

/**
 * Resolves as a policy does and refuses nothing: for connections that are not made to a target a user gave
 * (the core's calls to its own embedded simulator), and for a program that has no policy (the standalone simulator).
 */
export const unrestrictedEgress: Egress = {
  addressesFor: (target) => resolveOnce(target.hostname, systemResolver),
};
