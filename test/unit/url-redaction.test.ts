import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCredentialParameter, redactUrl, redactUrlsIn, urlShownTo } from '../../src/shared/url-redaction';

describe('redactUrl: the URL a user typed, as anyone but its sender and admins see it', () => {
  it.each([
    ['https://user:pass@hooks.example.com/webhooks', 'https://redacted@hooks.example.com/webhooks'],
    ['https://just-a-user@hooks.example.com/', 'https://redacted@hooks.example.com/'],
    ['http://a:b@c@hooks.example.com:8080/x', 'http://redacted@hooks.example.com:8080/x'],
    ['https://hooks.example.com/x?access_token=abc123&page=2', 'https://hooks.example.com/x?access_token=redacted&page=2'],
    ['https://h.example/x?token=1&api_key=2&key=3&secret=4&signature=5&sig=6&password=7&auth=8', 'https://h.example/x?token=redacted&api_key=redacted&key=redacted&secret=redacted&signature=redacted&sig=redacted&password=redacted&auth=redacted'],
    ['https://h.example/x?X-Api-Key=1&Authorization=2&client_secret=3&refresh_token=4&apikey=5', 'https://h.example/x?X-Api-Key=redacted&Authorization=redacted&client_secret=redacted&refresh_token=redacted&apikey=redacted'],
    ['https://h.example/x?%74oken=1', 'https://h.example/x?%74oken=redacted'],
    ['https://h.example/cb#access_token=abc&state=s', 'https://h.example/cb#access_token=redacted&state=s'],
    ['https://u:p@h.example/x?token=t;sig=s#frag', 'https://redacted@h.example/x?token=redacted;sig=redacted#frag'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it('keeps a URL without credentials exactly as typed', () => {
    for (const url of [
      'https://hooks.example.com/webhooks?page=2&order=asc',
      'http://127.0.0.1:3000/hook',
      'https://hooks.example.com/a/b@c/d',
      'https://[::1]:8443/x?q=token',
      'https://h.example/x?token=',
      'https://h.example/x?monkey=1&keyboard=2',
      'not a url at all',
    ]) {
      expect(redactUrl(url)).toBe(url);
    }
  });

  it('never leaves a credential of a generated URL in what it shows', () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9]{12,30}$/);
    const name = fc.constantFrom('access_token', 'token', 'api_key', 'key', 'secret', 'signature', 'sig', 'password', 'auth', 'apiKey', 'SESSION_ID');
    fc.assert(
      fc.property(secret, secret, secret, name, fc.boolean(), (user, password, value, param, withFragment) => {
        const url = `https://${user}:${password}@hooks.example.com/path?a=1&${param}=${value}${withFragment ? `#${param}=${value}` : ''}`;
        const shown = redactUrl(url);
        expect(shown).not.toContain(user);
        expect(shown).not.toContain(password);
        expect(shown).not.toContain(value);
        expect(shown).toContain('hooks.example.com/path?a=1&');
        expect(new URL(shown).hostname).toBe('hooks.example.com');
      }),
    );
  });

  it('names credential parameters by their name alone', () => {
    expect(isCredentialParameter('access_token')).toBe(true);
    expect(isCredentialParameter('Access-Token')).toBe(true);
    expect(isCredentialParameter('page')).toBe(false);
    expect(isCredentialParameter('order_id')).toBe(false);
  });

  it('shows the URL whole to whoever typed it and to admins, redacted to anyone else', () => {
    const url = 'https://u:p@h.example/x?token=t';
    expect(urlShownTo(url, { user: 'bob', role: 'member' }, 'bob')).toBe(url);
    expect(urlShownTo(url, { user: 'ada', role: 'admin' }, 'bob')).toBe(url);
    expect(urlShownTo(url, { user: null, role: 'admin' })).toBe(url);
    expect(urlShownTo(url, { user: 'vera', role: 'viewer' }, 'bob')).toBe('https://redacted@h.example/x?token=redacted');
    expect(urlShownTo(url, { user: 'mona', role: 'member' }, null)).toBe('https://redacted@h.example/x?token=redacted');
  });

  it('redacts the URLs inside a message', () => {
    expect(redactUrlsIn('could not reach https://u:p@h.example/x?token=t: refused')).toBe('could not reach https://redacted@h.example/x?token=redacted: refused');
  });
});
