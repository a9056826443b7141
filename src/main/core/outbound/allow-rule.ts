import { BlockList, isIP } from 'node:net';
import { bareAddress } from '@webhook-inspector/http-attempt';
import { ipFamily } from './address-class';

/**
 * One operator rule of the egress policy (`serve --allow-target`, Settings → Egress): what it lets a team server
 * reach although the address is loopback, private, link-local… Each part left out matches anything:
 *   10.0.0.0/8, fd00::/8          a network: any address in it, any scheme and port
 *   10.1.2.3, [::1], ::1          one address (its IPv4-mapped form too)
 *   hooks.example.com             a host name as written in the URL
 *   *.internal.example.com        any name under that domain (not the domain itself)
 *   localhost:3000, [::1]:8080    with a port
 *   https://hooks.example.com     with a scheme (http or https), and a port if given
 */
export interface AllowRule {
  /** As the operator wrote it. */
  readonly text: string;
  matches(target: URL, address: string): boolean;
}

export class InvalidAllowRule extends Error {
  readonly status = 400;
}

const grammar =
  'an allowed target is a network (10.0.0.0/8), an address (10.1.2.3, [::1]), a host name (hooks.example.com, *.internal.example.com), ' +
  'each optionally with :port, and optionally after http:// or https://';

export function defaultPort(target: URL): number {
  return Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
}

function invalid(text: string, why: string): InvalidAllowRule {
  return new InvalidAllowRule(`${JSON.stringify(text)} is not an allowed target (${why}): ${grammar}`);
}

function addressList(address: string, prefix?: number): BlockList {
  const list = new BlockList();
  const family = ipFamily(address);
  if (prefix === undefined) list.addAddress(address, family);
  else list.addSubnet(address, prefix, family);
  return list;
}

function networkRule(text: string, address: string, prefixText: string): AllowRule {
  const prefix = Number(prefixText);
  const max = isIP(address) === 6 ? 128 : 32;
  if (!/^\d{1,3}$/.test(prefixText) || prefix > max) throw invalid(text, `the prefix length is 0 to ${max}`);
  const list = addressList(address, prefix);
  return { text, matches: (_target, resolved) => list.check(bareAddress(resolved), ipFamily(resolved)) };
}

function hostMatcher(text: string, hostname: string): (target: URL, address: string) => boolean {
  const host = bareAddress(hostname);
  if (isIP(host) !== 0) {
    const list = addressList(host);
    return (_target, resolved) => list.check(bareAddress(resolved), ipFamily(resolved));
  }
  const name = host.replace(/\.$/, '');
  if (name.startsWith('*.')) {
    const suffix = name.slice(1);
    if (suffix.length < 2 || suffix.includes('*')) throw invalid(text, 'a wildcard is "*." followed by a domain');
    return (target) => target.hostname.replace(/\.$/, '').endsWith(suffix);
  }
  if (name === '' || name.includes('*')) throw invalid(text, 'a wildcard is "*." followed by a domain');
  return (target) => target.hostname.replace(/\.$/, '') === name;
}

/** Parses one rule; throws InvalidAllowRule (a 400) saying what rules look like. */
export function parseAllowRule(given: string): AllowRule {
  const text = given.trim();
  const network = /^([^/]+)\/(\d+)$/.exec(text);
  if (network && isIP(network[1]!) !== 0) return networkRule(text, network[1]!, network[2]!);
  if (isIP(text) === 6) return { text, matches: hostMatcher(text, text) };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text)?.[1]?.toLowerCase() ?? null;
  if (scheme !== null && scheme !== 'http' && scheme !== 'https') throw invalid(text, 'the scheme is http or https');
  let url: URL;
  try {
    url = new URL(scheme === null ? `http://${text}` : text);
  } catch {
    throw invalid(text, 'it does not read as a host');
  }
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') throw invalid(text, 'a rule has no path, query or user');
  const hostMatches = hostMatcher(text, url.hostname);
  // URL drops a port that is the scheme's default: keep what was written.
  const writtenPort = /:(\d+)\/?$/.exec(text)?.[1];
  const wantedPort = writtenPort === undefined ? null : Number(writtenPort);
  return {
    text,
    matches: (target, address) =>
      (scheme === null || target.protocol === `${scheme}:`) &&
      (wantedPort === null || defaultPort(target) === wantedPort) &&
      hostMatches(target, address),
  };
}
