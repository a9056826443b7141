import { BlockList, isIP } from 'node:net';
import { bareAddress } from '@webhook-inspector/http-attempt';

/** What kind of address an IP is, as far as a server reaching out on a user's behalf cares. */
export type AddressClass =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'link-local'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'IPv4-compatible'
  | 'IPv4-translating'
  | 'public';

type Range = readonly [network: string, prefix: number];

/**
 * The special ranges, most specific first (255.255.255.255 is a broadcast, not merely reserved). An IPv4 range
 * also matches the IPv4-mapped IPv6 form (::ffff:127.0.0.1), which BlockList compares as the same address.
 */
const ranges: ReadonlyArray<readonly [AddressClass, readonly Range[]]> = [
  ['unspecified', [['0.0.0.0', 8], ['::', 128]]],
  ['loopback', [['127.0.0.0', 8], ['::1', 128]]],
  ['broadcast', [['255.255.255.255', 32]]],
  ['private', [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['fc00::', 7]]],
  ['carrier-grade NAT', [['100.64.0.0', 10]]],
  ['link-local', [['169.254.0.0', 16], ['fe80::', 10]]],
  ['multicast', [['224.0.0.0', 4], ['ff00::', 8]]],
  // ::a.b.c.d (deprecated) and the prefixes that carry an IPv4 address to a translator: where they lead depends on the network.
  ['IPv4-compatible', [['::', 96]]],
  ['IPv4-translating', [['64:ff9b::', 96], ['64:ff9b:1::', 48], ['2002::', 16], ['2001::', 32]]],
  [
    'reserved',
    [
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['240.0.0.0', 4],
      ['100::', 64],
      ['2001:db8::', 32],
      ['fec0::', 10],
    ],
  ],
];

const lists = ranges.map(([addressClass, networks]) => {
  const list = new BlockList();
  for (const [network, prefix] of networks) list.addSubnet(network, prefix, isIP(network) === 6 ? 'ipv6' : 'ipv4');
  return [addressClass, list] as const;
});

/** An IP address as a socket takes it: no brackets, no zone (fe80::1%eth0 → fe80::1). */
export function ipFamily(address: string): 'ipv4' | 'ipv6' {
  return isIP(bareAddress(address)) === 6 ? 'ipv6' : 'ipv4';
}

/** The class of an IP address (IPv4, IPv6, or IPv4 in an IPv6 form); throws for anything that is not an IP. */
export function classifyAddress(address: string): AddressClass {
  const bare = bareAddress(address);
  if (isIP(bare) === 0) throw new Error(`not an IP address: ${address}`);
  const family = ipFamily(bare);
  for (const [addressClass, list] of lists) if (list.check(bare, family)) return addressClass;
  return 'public';
}

const described: Record<AddressClass, string> = {
  unspecified: 'an unspecified address (this host)',
  loopback: 'a loopback address',
  private: 'a private address',
  'carrier-grade NAT': 'a carrier-grade NAT address',
  'link-local': 'a link-local address',
  multicast: 'a multicast address',
  broadcast: 'a broadcast address',
  reserved: 'a reserved address',
  'IPv4-compatible': 'an IPv4-compatible IPv6 address',
  'IPv4-translating': 'an IPv6 address that carries an IPv4 one to a translator',
  public: 'a public address',
};

/** "a private address", for a refusal's message. */
export function describeClass(addressClass: AddressClass): string {
  return described[addressClass];
}
