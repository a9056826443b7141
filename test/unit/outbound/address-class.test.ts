import { describe, expect, it } from 'vitest';
import { classifyAddress, type AddressClass } from '../../../src/main/core/outbound/address-class';
import { parseAllowRule } from '../../../src/main/core/outbound/allow-rule';
import { isThisHost } from '../../../src/main/core/outbound/this-host';

/** The address as a URL's hostname gives it (brackets and all), as the policy receives it. */
const asUrlHost = (host: string) => new URL(`http://${host}/`).hostname;

describe('the class of an address', () => {
  const cases: Array<[string, AddressClass]> = [
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.254', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    // IPv4-mapped forms are the IPv4 address's class, in every spelling.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['::ffff:100.64.0.1', 'carrier-grade NAT'],
    // The deprecated IPv4-compatible form and the translator prefixes lead wherever the network takes them.
    ['::127.0.0.1', 'IPv4-compatible'],
    ['::a00:1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'IPv4-translating'],
    ['2002:7f00:1::1', 'IPv4-translating'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2606:4700::1111', 'public'],
  ];
  it.each(cases)('%s is %s', (address, expected) => {
    expect(classifyAddress(address)).toBe(expected);
  });

  it('reads the odd IPv4 spellings a URL accepts as the address they are', () => {
    for (const host of ['0x7f.1', '2130706433', '127.1', '0177.0.0.1', '[::ffff:127.0.0.1]', '[0:0:0:0:0:ffff:7f00:1]']) {
      expect(classifyAddress(asUrlHost(host)), host).toBe('loopback');
    }
    expect(classifyAddress(asUrlHost('0'))).toBe('unspecified');
  });

  it('refuses to classify what is not an IP', () => {
    expect(() => classifyAddress('localhost')).toThrow(/not an IP address/);
  });
});

describe('this host', () => {
  it('is loopback, unspecified and its own interface addresses, in any form', () => {
    for (const address of ['127.0.0.1', '127.9.9.9', '::1', '0.0.0.0', '::', '::ffff:127.0.0.1']) expect(isThisHost(address), address).toBe(true);
    expect(isThisHost('8.8.8.8')).toBe(false);
  });
});

describe('an allowed-target rule', () => {
  const target = (url: string) => new URL(url);
  it('matches a network, an address, a name, a wildcard, a port and a scheme', () => {
    expect(parseAllowRule('10.0.0.0/8').matches(target('http://a.test/'), '10.9.9.9')).toBe(true);
    expect(parseAllowRule('10.0.0.0/8').matches(target('http://a.test/'), '::ffff:10.9.9.9')).toBe(true);
    expect(parseAllowRule('10.0.0.0/8').matches(target('http://a.test/'), '11.0.0.1')).toBe(false);
    expect(parseAllowRule('fd00::/8').matches(target('http://a.test/'), 'fd00::5')).toBe(true);
    expect(parseAllowRule('127.0.0.1').matches(target('http://x/'), '127.0.0.1')).toBe(true);
    expect(parseAllowRule('127.0.0.1').matches(target('http://x/'), '127.0.0.2')).toBe(false);
    expect(parseAllowRule('[::1]').matches(target('http://[::1]/'), '::1')).toBe(true);
    expect(parseAllowRule('::1').matches(target('http://[::1]/'), '::1')).toBe(true);
    expect(parseAllowRule('hooks.example.com').matches(target('https://hooks.example.com/x'), '10.0.0.1')).toBe(true);
    expect(parseAllowRule('hooks.example.com').matches(target('https://evil.example.com/x'), '10.0.0.1')).toBe(false);
    const wildcard = parseAllowRule('*.internal.example.com');
    expect(wildcard.matches(target('http://a.b.internal.example.com/'), '10.0.0.1')).toBe(true);
    expect(wildcard.matches(target('http://internal.example.com/'), '10.0.0.1')).toBe(false);
    expect(wildcard.matches(target('http://evilinternal.example.com/'), '10.0.0.1')).toBe(false);
    const withPort = parseAllowRule('localhost:3000');
    expect(withPort.matches(target('http://localhost:3000/'), '127.0.0.1')).toBe(true);
    expect(withPort.matches(target('http://localhost:3001/'), '127.0.0.1')).toBe(false);
    expect(parseAllowRule('[::1]:8080').matches(target('http://[::1]:8080/'), '::1')).toBe(true);
    const https = parseAllowRule('https://hooks.example.com');
    expect(https.matches(target('https://hooks.example.com:8443/'), '10.0.0.1')).toBe(true);
    expect(https.matches(target('http://hooks.example.com/'), '10.0.0.1')).toBe(false);
    expect(parseAllowRule('http://localhost:80').matches(target('http://localhost/'), '127.0.0.1')).toBe(true);
  });

  it('says what rules look like when one is not', () => {
    for (const bad of ['ftp://x', 'http://x/path', '10.0.0.0/33', '*', 'a.*.com', 'user@host', '*.', 'http://x?y']) {
      expect(() => parseAllowRule(bad), bad).toThrow(/is not an allowed target .*: an allowed target is a network/);
    }
  });
});
