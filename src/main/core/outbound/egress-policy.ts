import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { bareAddress, classifyAddress, describeClass } from './address-class';
import type { AllowRule } from './allow-rule';
import { isThisHost } from './this-host';

/** An address a connection may go to, resolved once and checked: the socket connects to it, never resolving again. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** What every outbound connection made on a user's behalf asks before it connects. */
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

const allowAdvice = 'allow it with --allow-target or in Settings → Egress';

export interface EgressPolicyOptions {
  /**
   * A team server: loopback, private, link-local, unspecified, multicast and reserved addresses, and this host's
   * own, are refused unless a rule allows them. A personal inspector reaches them (replaying to localhost is
   * what it is for).
   */
  team: boolean;
  /** The rules in force (command line and Settings), read at each connection. */
  rules: () => readonly AllowRule[];
  resolve?: Resolver;
}

async function resolveOnce(hostname: string, resolve: Resolver): Promise<CheckedAddress[]> {
  const host = bareAddress(hostname);
  const family = isIP(host);
  if (family !== 0) return [{ address: host, family: family as 4 | 6 }];
  const found = await resolve(host);
  if (found.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map(({ address }) => ({ address: bareAddress(address), family: isIP(bareAddress(address)) === 6 ? 6 : 4 }));
}

/** The egress policy of a core: every replay, forward, service API call and relay connection goes through it. */
export class EgressPolicy implements Egress {
  private readonly resolve: Resolver;

  constructor(private readonly options: EgressPolicyOptions) {
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Every address of the name is checked: a name that also resolves to a refused address is refused. */
  async addressesFor(target: URL): Promise<CheckedAddress[]> {
    const addresses = await this.resolveAll(target);
    this.checkAll(target, addresses);
    return addresses;
  }

  /** The addresses of the target's host, resolved once (an IP literal is its own). */
  resolveAll(target: URL): Promise<CheckedAddress[]> {
    return resolveOnce(target.hostname, this.resolve);
  }

  /** Throws EgressRefused, naming the rule, when any of the target's addresses is refused. */
  checkAll(target: URL, addresses: readonly CheckedAddress[]): void {
    for (const { address } of addresses) {
      const refusal = this.refusal(target, address);
      if (refusal !== null) throw new EgressRefused(refusal);
    }
  }

  /**
   * For a URL saved now and used later (a forward target, the service, a relay): refused at once if it resolves
   * to a refused address. A name that does not resolve now is let through; each connection checks again.
   * Gives the addresses it found.
   */
  async check(url: string): Promise<CheckedAddress[]> {
    const target = new URL(url);
    const addresses = await this.resolveAll(target).catch(() => []);
    this.checkAll(target, addresses);
    return addresses;
  }

  private refusal(target: URL, address: string): string | null {
    if (!this.options.team) return null;
    const addressClass = classifyAddress(address);
    const what = addressClass !== 'public' ? describeClass(addressClass) : isThisHost(address) ? 'an address of this host' : null;
    if (what === null) return null;
    if (this.options.rules().some((rule) => rule.matches(target, address))) return null;
    const host = bareAddress(target.hostname);
    const subject = host === address ? `${address} is` : `${host} resolves to ${address},`;
    return `refused by the egress policy: ${subject} ${what} (team server); ${allowAdvice}`;
  }
}

/**
 * Resolves as the policy does and refuses nothing: only for connections that are not made to a target a user
 * gave, such as the core's calls to its own embedded simulator at the address it started it on.
 */
export const unrestrictedEgress: Egress = {
  addressesFor: (target) => resolveOnce(target.hostname, systemResolver),
};

/** The policy of an inspector that is one person's own (desktop, single-user `serve`, the CLI): nothing refused. */
export function personalEgress(): EgressPolicy {
  return new EgressPolicy({ team: false, rules: () => [] });
}
