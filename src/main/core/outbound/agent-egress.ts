import { bareAddress, EgressRefused, resolveOnce, systemResolver, type CheckedAddress, type Egress, type Resolver } from '@webhook-inspector/http-attempt';
import { classifyAddress, describeClass } from './address-class';
import type { AllowRule } from './allow-rule';
import { isThisHost } from './this-host';

/**
 * Where a coding agent's sends may go (`webhook-inspector mcp --allow-send`). An agent reads payloads anyone wrote, so
 * a prompt injection in a stored body may ask it to send a re-signed delivery anywhere: it is held to
 *   - loopback (its user's handler on localhost), and further only where `mcp --allow-target` allows (the person who
 *     starts the server decides, never the agent);
 *   - on a team's store, also the team's egress rules: loopback, private, link-local, reserved… addresses and this
 *     host's are refused unless a rule an admin saved in Settings → Egress allows them (read from the store at each
 *     connection, so a change applies at the next send).
 * Every address of the name is checked before any connection, and the connection goes to the addresses checked.
 */
export interface AgentEgressOptions {
  /** `mcp --allow-target`: what the agent may reach beyond loopback. */
  allowed: readonly AllowRule[];
  /** On a team's store: the rules its admins saved, read at each connection; null on a personal store. */
  teamRules: (() => Promise<readonly AllowRule[]>) | null;
  resolve?: Resolver;
}

const agentRule =
  'An agent sends to loopback only (your handler on localhost), and further only where the person who starts ' +
  '`webhook-inspector mcp` allows with --allow-target PATTERN; the agent cannot change that.';
const teamRule =
  "This is a team's store: its egress rules refuse loopback, private, link-local and reserved addresses and this " +
  "host's own, unless an admin of the team allows them in Settings → Egress (saved in the store; a team server's own " +
  '--allow-target does not apply here).';

export class AgentEgress implements Egress {
  private readonly resolve: Resolver;

  constructor(private readonly options: AgentEgressOptions) {
    this.resolve = options.resolve ?? systemResolver;
  }

  /** Whether this is a team's store, whose saved egress rules apply too. */
  get team(): boolean {
    return this.options.teamRules !== null;
  }

  /** Resolves the target once and throws EgressRefused, saying which rule refused and who can change it. */
  async addressesFor(target: URL): Promise<CheckedAddress[]> {
    const addresses = await resolveOnce(target.hostname, this.resolve);
    const teamRules = this.options.teamRules === null ? null : await this.options.teamRules();
    for (const { address } of addresses) {
      const byAgent = !this.agentAllows(target, address);
      const byTeam = teamRules !== null && !teamAllows(target, address, teamRules);
      if (byAgent || byTeam) throw new EgressRefused(refusal(target, address, byAgent, byTeam));
    }
    return addresses;
  }

  /** Throws EgressRefused for a target the agent may not reach, before a run sends anything. */
  async check(url: string): Promise<void> {
    await this.addressesFor(new URL(url));
  }

  private agentAllows(target: URL, address: string): boolean {
    return classifyAddress(address) === 'loopback' || this.options.allowed.some((rule) => rule.matches(target, address));
  }
}

/** The team server's rule (EgressPolicy's, with the rules saved in the store): a special address needs a saved rule. */
function teamAllows(target: URL, address: string, rules: readonly AllowRule[]): boolean {
  if (classifyAddress(address) === 'public' && !isThisHost(address)) return true;
  return rules.some((rule) => rule.matches(target, address));
}

function refusal(target: URL, address: string, byAgent: boolean, byTeam: boolean): string {
  const addressClass = classifyAddress(address);
  const what = addressClass === 'public' && isThisHost(address) ? 'an address of this host' : describeClass(addressClass);
  const host = bareAddress(target.hostname);
  const subject = host === address ? `${address} is` : `${host} resolves to ${address},`;
  const rules = [byAgent ? agentRule : null, byTeam ? teamRule : null].filter((rule) => rule !== null);
  return `refused before connecting: ${subject} ${what}. ${rules.join(' ')}`;
}
