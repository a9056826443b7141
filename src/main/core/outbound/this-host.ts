import { BlockList } from 'node:net';
import { networkInterfaces } from 'node:os';
import { bareAddress } from '@webhook-inspector/http-attempt';
import { classifyAddress, ipFamily } from './address-class';

/**
 * Whether connecting to this address reaches this machine: loopback, unspecified (0.0.0.0 and :: connect to the
 * local host), or an address of one of its interfaces, in any of their IPv6 forms. Interfaces are read each time:
 * they come and go.
 */
export function isThisHost(address: string): boolean {
  const addressClass = classifyAddress(address);
  if (addressClass === 'loopback' || addressClass === 'unspecified') return true;
  const own = new BlockList();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) own.addAddress(bareAddress(entry.address), entry.family === 'IPv6' ? 'ipv6' : 'ipv4');
  }
  return own.check(bareAddress(address), ipFamily(address));
}
