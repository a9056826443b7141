import { describe, expect, it } from 'vitest';
import { AgentEgress } from '../../../src/main/core/outbound/agent-egress';
import { parseAllowRule, type AllowRule } from '../../../src/main/core/outbound/allow-rule';
import { EgressRefused, type Resolver } from '../../../src/main/core/outbound/egress-policy';

/** Names as a hosts file or a DNS answer could give them; anything else does not resolve. */
const names: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'handler.test': ['127.0.0.1'],
  'both.test': ['127.0.0.1', '93.184.216.34'],
  'metadata.test': ['169.254.169.254'],
  'public.test': ['93.184.216.34'],
  'private.test': ['10.1.2.3'],
};
const resolve: Resolver = async (host) => {
  const found = names[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

function agent(allowed: string[] = [], teamRules: string[] | null = null): AgentEgress {
  const saved: AllowRule[] | null = teamRules?.map(parseAllowRule) ?? null;
  return new AgentEgress({ allowed: allowed.map(parseAllowRule), teamRules: saved && (async () => saved), resolve });
}

async function outcome(egress: AgentEgress, url: string): Promise<'sent' | string> {
  try {
    await egress.addressesFor(new URL(url));
    return 'sent';
  } catch (error) {
    if (error instanceof EgressRefused) return error.message;
    throw error;
  }
}

describe("an agent's egress (mcp --allow-send)", () => {
  it('lets loopback through in every form a URL spells it, and nothing else by default', async () => {
    const egress = agent();
    for (const url of ['http://127.0.0.1:3000/', 'http://localhost:3000/', 'http://[::1]:3000/', 'http://2130706433/', 'http://0x7f.1/', 'http://127.1/', 'http://[::ffff:127.0.0.1]/', 'http://handler.test/']) {
      expect(await outcome(egress, url), url).toBe('sent');
    }
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00::1]/',
      'http://10.1.2.3/',
      'http://0.0.0.0:3000/',
      'http://[::]/',
      'http://93.184.216.34/',
      'http://public.test/',
      'http://metadata.test/',
      'http://both.test/',
      'http://user:pass@8.8.8.8/',
    ]) {
      expect(await outcome(egress, url), url).toMatch(/^refused before connecting: .*An agent sends to loopback only .*--allow-target PATTERN; the agent cannot change that\.$/);
    }
  });

  it('names the address a name resolved to and its class', async () => {
    expect(await outcome(agent(), 'http://metadata.test/')).toMatch(/^refused before connecting: metadata\.test resolves to 169\.254\.169\.254, a link-local address\. /);
    expect(await outcome(agent(), 'http://both.test/')).toMatch(/both\.test resolves to 93\.184\.216\.34, a public address\./);
  });

  it('goes further only where --allow-target allows: its network, host, port and scheme', async () => {
    const egress = agent(['fd00::/8', 'public.test', 'https://93.184.216.34:8443']);
    expect(await outcome(egress, 'http://[fd00::1]/')).toBe('sent');
    expect(await outcome(egress, 'http://public.test/')).toBe('sent');
    expect(await outcome(egress, 'https://93.184.216.34:8443/')).toBe('sent');
    expect(await outcome(egress, 'http://93.184.216.34:8443/')).not.toBe('sent');
    expect(await outcome(egress, 'https://93.184.216.34/')).not.toBe('sent');
    expect(await outcome(egress, 'http://169.254.169.254/')).not.toBe('sent');
  });

  it("on a team's store, also needs the team's saved rules for special addresses, whatever --allow-target says", async () => {
    const teamRule = /This is a team's store: .*unless an admin of the team allows them in Settings → Egress/;
    const unsaved = agent(['169.254.169.254', 'public.test'], []);
    const toLoopback = await outcome(unsaved, 'http://127.0.0.1:3000/');
    expect(toLoopback).toMatch(teamRule);
    expect(toLoopback).not.toMatch(/An agent sends/);
    expect(await outcome(unsaved, 'http://169.254.169.254/')).toMatch(teamRule);
    expect(await outcome(unsaved, 'http://public.test/')).toBe('sent');
    const both = await outcome(unsaved, 'http://10.1.2.3/');
    expect(both).toMatch(/An agent sends/);
    expect(both).toMatch(teamRule);

    const saved = agent(['169.254.169.254'], ['127.0.0.1:3000', '169.254.169.254']);
    expect(await outcome(saved, 'http://localhost:3000/')).not.toBe('sent'); // localhost is also ::1, which no rule allows
    expect(await outcome(saved, 'http://127.0.0.1:3000/')).toBe('sent');
    expect(await outcome(saved, 'http://127.0.0.1:3001/')).toMatch(teamRule);
    expect(await outcome(saved, 'http://169.254.169.254/')).toBe('sent');
    // A saved rule lifts the team's refusal only: the agent's own rule still applies.
    const savedOnly = agent([], ['10.0.0.0/8']);
    expect(await outcome(savedOnly, 'http://10.1.2.3/')).toMatch(/An agent sends/);
  });
});
