import { describe, expect, test } from 'vitest';
import { routeChannelPath } from 'webhook-inspector-relay';

describe('routing a receiving path to its channel', () => {
  test.each([
    ['/c/acme/webhooks', 'acme'],
    ['/c/acme', 'acme'],
    ['/c/acme/', 'acme'],
    ['/c/acme/a/./b/../c', 'acme'],
    ['/c/acme/100%25', 'acme'],
    ['/c/acme/%zz', 'acme'],
    ['/c/%61cme/x', 'acme'],
    ['/c/acme/a;v=1/order%20123', 'acme'],
    ['/c/acme/x/%252e%252e', 'acme'],
  ])('%s goes to channel %s', (path, name) => {
    expect(routeChannelPath(path)).toEqual({ kind: 'channel', name });
  });

  test.each(['/webhooks', '/', '/c/', '/c', '/x/../y', '/cc/acme/x'])('%s is outside every channel', (path) => {
    expect(routeChannelPath(path)).toEqual({ kind: 'unrouted' });
  });

  test.each([
    '/c/acme/../beta/x',
    '/c/acme/%2e%2e/beta/x',
    '/c/acme/%2E%2E/beta/x',
    '/c/acme/.%2e/beta/x',
    '/c/acme%2f..%2fbeta/x',
    '/c/acme/..%2fbeta/x',
    '/c/acme/..%5cbeta/x',
    '/c/acme/..\\beta/x',
    '/c/acme/%252e%252e/beta/x',
    '/c/acme/%25252e%25252e/beta/x',
    '/c/acme/x/../../beta/y',
    '/c/acme/..',
    '/c/../c/acme/x',
    '/c/./acme/x',
    '/c//acme/x',
    '/x/../c/acme/y',
    '/../c/acme/x',
    '/c/acme/../../../../etc/passwd',
    // The forms of the forward's rule (capture's judgeRequestPath), which the relay shares.
    '/c/acme/..;/beta/x',
    '/c/acme/%2e%2e;/beta/x',
    '/c/acme/%2e%2e%3b/beta/x',
    '/c/acme/%%32%65%%32%65/beta/x',
    '/c/acme/a%2fb/../../beta/x',
    '/c/acme/.../beta/x',
    '/c/acme/..%00/beta/x',
    '/c/acme/%c0%ae%c0%ae/beta/x',
    '/c/acme;x/y',
  ])('%s is refused: it leaves its channel', (path) => {
    expect(routeChannelPath(path)).toMatchObject({ kind: 'refused' });
  });

  test('a path encoded over and over is refused rather than guessed', () => {
    let dots = '..';
    for (let i = 0; i < 8; i++) dots = encodeURIComponent(dots).replace(/\./g, '%2e');
    expect(routeChannelPath(`/c/acme/${dots}/beta/x`)).toMatchObject({ kind: 'refused' });
  });
});
