import { describe, expect, it } from 'vitest';
import { decodedRequestPath, judgeRequestPath, maxDecodingRounds } from '@webhook-inspector/capture/request-path';

const climbs = /climbs above its base/;

describe('the one rule for a request path under a base (the forward and the relay)', () => {
  it.each([
    // Plain and singly encoded dot segments, any case.
    '/..',
    '/../x',
    '/webhooks/../../x',
    '/%2e%2e/x',
    '/%2E%2E/x',
    '/%2E%2e/x',
    '/.%2e/x',
    '/%2e./x',
    // Repeated encoding: twice, three times, and a nested escape (%%32%65 is %2e once decoded).
    '/webhooks/%252e%252e/%252e%252e/x',
    '/webhooks/%252E%252E/%252e%252e/x',
    '/webhooks/%25252e%25252e/%25252e%25252e/x',
    '/webhooks/%%32%65%%32%65/%%32%65%%32%65/x',
    // `;` matrix parameters dropped before `..` is judged (Tomcat, Jetty).
    '/webhooks/..;/..;/x',
    '/webhooks/..;jsessionid=1/..;x=y/x',
    '/webhooks/%2e%2e;/%2e%2e;/x',
    '/webhooks/%2e%2e%3b/%2e%2e%3b/x',
    '/webhooks/..%3bx/..%3bx/x',
    '/webhooks/.;/..;/..;/x',
    // Encoded slashes and backslashes, read as separators or as they are.
    '/webhooks/..%2f..%2fx',
    '/webhooks/..%2F..%2Fx',
    '/webhooks/%2e%2e%2f%2e%2e%2fx',
    '/webhooks/..%5c..%5cx',
    '/webhooks/%2e%2e%5c%2e%2e%5cx',
    '/webhooks/%2e%2e%5C%2e%2e%5Cx',
    '/webhooks/..\\..\\x',
    '/webhooks/%252e%252e%255c%252e%252e%255cx',
    // A segment that holds an encoded slash is one name to a server that splits first: its `..` climbs past it.
    '/a%2fb/../../x',
    // Trailing dots and spaces, as Windows trims them.
    '/webhooks/.../.../x',
    '/webhooks/..%20/..%20/x',
  ])('refuses %s: a reading of it climbs above its base', (path) => {
    expect(judgeRequestPath(path)).toEqual({ accepted: false, reason: expect.stringMatching(climbs) });
  });

  it.each([
    ['/webhooks/..%00/..%00/x', /NUL byte/],
    ['/webhooks/%2e%2e%00/x', /NUL byte/],
    ['/webhooks/%2500', /NUL byte/],
    ['/webhooks/%c0%ae%c0%ae/%c0%ae%c0%ae/x', /overlong UTF-8/],
    ['/webhooks/%C0%AE%C0%AE/x', /overlong UTF-8/],
    ['/webhooks/%e0%80%ae%e0%80%ae/x', /overlong UTF-8/],
    ['/webhooks/%f0%80%80%ae./x', /overlong UTF-8/],
    ['/webhooks/..%c0%af..%c0%afx', /overlong UTF-8/],
    ['/webhooks/%25c0%25ae%25c0%25ae/x', /overlong UTF-8/],
  ])('refuses %s outright (%s)', (path, reason) => {
    expect(judgeRequestPath(path)).toEqual({ accepted: false, reason: expect.stringMatching(reason) });
  });

  it('decodes a bounded number of rounds: one round more is refused rather than guessed', () => {
    let dots = '..';
    for (let i = 0; i < maxDecodingRounds; i++) dots = encodeURIComponent(dots).replace(/\./g, '%2e');
    expect(judgeRequestPath(`/a/b/${dots}/x`)).toMatchObject({ accepted: true });
    expect(judgeRequestPath(`/a/${dots}/${dots}/x`)).toMatchObject({ accepted: false, reason: expect.stringMatching(climbs) });
    const once = encodeURIComponent(dots);
    expect(judgeRequestPath(`/a/b/c/${once}/x`)).toEqual({ accepted: false, reason: expect.stringMatching(/too many times over/) });
  });

  it.each([
    ['/webhooks', '/webhooks'],
    ['/', '/'],
    ['/webhooks/demo', '/webhooks/demo'],
    ['/webhooks/../x', '/x'],
    ['/a/b/%2e%2e/c', '/a/c'],
    ['/a/./b/.', '/a/b'],
    ['/webhooks/a;v=1/b', '/webhooks/a/b'],
    ['/webhooks/order%20123', '/webhooks/order 123'],
    ['/webhooks/100%25', '/webhooks/100%'],
    ['/webhooks/%zz/%', '/webhooks/%zz/%'],
    ['/webhooks/%e9t%c3%a9', '/webhooks/\ufffdté'],
    ['/webhooks/..x/x..', '/webhooks/..x/x..'],
    ['/webhooks/.hidden', '/webhooks/.hidden'],
    ['//webhooks', '/webhooks'],
  ])('accepts %s (a server that decodes it fully sees %s)', (path, resolved) => {
    expect(judgeRequestPath(path)).toEqual({ accepted: true, resolved });
  });

  it('decodes until stable, keeping malformed escapes as written', () => {
    expect(decodedRequestPath('/c/%2561cme')).toBe('/c/acme');
    expect(decodedRequestPath('/c/%zz%4')).toBe('/c/%zz%4');
    expect(decodedRequestPath('/c/%%36%31cme')).toBe('/c/acme');
  });
});
