import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { remoteAddressBehind } from 'webhook-inspector-relay';

function request(socketAddress: string, forwardedFor?: string): IncomingMessage {
  return { socket: { remoteAddress: socketAddress }, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } } as unknown as IncomingMessage;
}

describe('the sender address behind a reverse proxy', () => {
  const behindProxy = remoteAddressBehind(['127.0.0.1', '10.0.0.2']);

  it('believes X-Forwarded-For only from a configured proxy', () => {
    expect(behindProxy(request('::ffff:127.0.0.1', '198.51.100.7'))).toBe('198.51.100.7');
    expect(behindProxy(request('203.0.113.9', '198.51.100.7'))).toBe('203.0.113.9');
    expect(remoteAddressBehind([])(request('127.0.0.1', '198.51.100.7'))).toBe('127.0.0.1');
  });

  it('reads from the right past trusted proxies, so a sender cannot plant an address on the left', () => {
    expect(behindProxy(request('127.0.0.1', '6.6.6.6, 198.51.100.7, 10.0.0.2'))).toBe('198.51.100.7');
  });

  it('falls back to the proxy itself when the header names no usable address', () => {
    expect(behindProxy(request('127.0.0.1', 'unknown, garbage'))).toBe('127.0.0.1');
    expect(behindProxy(request('127.0.0.1'))).toBe('127.0.0.1');
  });
});
