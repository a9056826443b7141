import {
  bareAddress,
  EgressRefused,
  resolveOnce,
  systemResolver,
  type CheckedAddress,
  type Egress,
  type Resolver,
} from '@webhook-inspector/http-attempt';
import { classifyAddress, describeClass } from './address-class';
import type { AllowRule } from './allow-rule';
import { isThisHost } from './this-host';

// The sender's hook and what it needs, for the app's code that names them with the policy.
export { EgressRefused, systemResolver, unrestrictedEgress, type CheckedAddress, type Egress, type Resolver } from '@webhook-inspector/http-attempt';

// Who may change the rule, and where: a member or viewer who is refused learns whom to ask.
const allowAdvice = 'an admin can allow it with --allow-target or in Settings → Egress';

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

/** The policy of an inspector that is one person's own (desktop, single-user `serve`, the CLI): nothing refused. */
export function personalEgress(): EgressPolicy {
  return new EgressPolicy({ team: false, rules: () => [] });
}
