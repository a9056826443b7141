import { describe, expect, it } from 'vitest';
import { forwardRequest, forwardTarget, PathEscapesTarget } from '../../../src/shared/forward-target';
import { mirroredAnswer } from '../../../src/main/core/replay/forwarder';
import { StoredForwardSettings } from '../../../src/main/core/replay/stored-forward-settings';

type Rewrite = { from: string; to: string } | null;
const exact = (target: string, path: string, query = '') =>
  new URL(forwardTarget({ target, appendPath: false, pathRewrite: null }, { path, query })).href;
const appended = (target: string, path: string, query = '', pathRewrite: Rewrite = null) =>
  new URL(forwardTarget({ target, appendPath: true, pathRewrite }, { path, query })).href;

describe('where a delivery is forwarded', () => {
  it('is the target exactly as given, its path and query, whatever path the delivery came to', () => {
    expect(exact('http://localhost:3000/webhooks', '/webhooks/demo')).toBe('http://localhost:3000/webhooks');
    expect(exact('http://localhost:3000/hooks?token=t', '/x', 'a=1')).toBe('http://localhost:3000/hooks?token=t');
    expect(exact('http://localhost:3000', '/webhooks')).toBe('http://localhost:3000/');
    expect(exact('https://handler.test/in#part', '/webhooks')).toBe('https://handler.test/in');
  });

  it('appended: the target’s path, then the received path and query', () => {
    expect(appended('http://localhost:3000', '/webhooks', 'a=1')).toBe('http://localhost:3000/webhooks?a=1');
    expect(appended('http://localhost:3000/', '/', '')).toBe('http://localhost:3000/');
    expect(appended('http://localhost:3000/webhooks', '/')).toBe('http://localhost:3000/webhooks');
    expect(appended('http://localhost:3000/webhooks/', '/payouts')).toBe('http://localhost:3000/webhooks/payouts');
    expect(appended('http://localhost:3000/hooks?token=t', '/x', 'a=1')).toBe('http://localhost:3000/hooks/x?token=t&a=1');
  });

  it('appended with a rewrite: the leading `from` of the received path replaced by `to`', () => {
    const rewrite = { from: '/webhooks', to: '/api/hooks' };
    expect(appended('http://localhost:3000', '/webhooks/payouts', 'q=1', rewrite)).toBe('http://localhost:3000/api/hooks/payouts?q=1');
    expect(appended('http://localhost:3000/fwd', '/webhooks/demo', '', rewrite)).toBe('http://localhost:3000/fwd/api/hooks/demo');
    expect(appended('http://localhost:3000', '/other/webhooks', '', rewrite)).toBe('http://localhost:3000/other/webhooks');
    expect(appended('http://localhost:3000', '/webhooks', '', { from: '/webhooks', to: '/' })).toBe('http://localhost:3000/');
  });
});

describe('an appended path that climbs', () => {
  // As the sender writes it: a URL would resolve dot segments and backslashes on the way.
  const sent = (target: string, path: string, query = '') => forwardTarget({ target, appendPath: true, pathRewrite: null }, { path, query });

  it('goes under the target’s base byte for byte when no reading of it leaves the base', () => {
    expect(sent('http://h.test/base', '/webhooks/../x')).toBe('http://h.test/base/webhooks/../x');
    expect(sent('http://h.test/base', '/a/./b/%2e/c')).toBe('http://h.test/base/a/./b/%2e/c');
    expect(sent('http://h.test/base', '/a/%2E%2e/b')).toBe('http://h.test/base/a/%2E%2e/b');
    expect(sent('http://h.test/base', '/a%2fb')).toBe('http://h.test/base/a%2fb');
    expect(sent('http://h.test/base', '/webhooks/a;v=1/order%20123', 'x=%20;y')).toBe('http://h.test/base/webhooks/a;v=1/order%20123?x=%20;y');
    expect(sent('http://h.test/base', '/a/%252e%252e/b')).toBe('http://h.test/base/a/%252e%252e/b');
    expect(forwardRequest({ target: 'http://h.test/my base?k=v é', appendPath: true, pathRewrite: null }, { path: '/a;b', query: '' })).toEqual({
      url: 'http://h.test/my%20base/a;b?k=v%20%C3%A9',
      requestPath: '/my%20base/a;b?k=v%20%C3%A9',
    });
  });

  it.each([
    '/webhooks/../../../internal-admin/delete-all',
    '/..',
    '/../x',
    '/%2e%2e/x',
    '/%2E%2E/x',
    '/.%2e/x',
    '/webhooks/%2e%2e%2f%2e%2e%2fadmin',
    '/webhooks/..%2F..%2Fadmin',
    '/webhooks/..%5c..%5cadmin',
    '/webhooks/..\\..\\admin',
    '/a/b/../../../c',
    '/webhooks/%252e%252e/%252e%252e/x',
    '/webhooks/..;/..;/x',
    '/webhooks/%2e%2e;/%2e%2e;/x',
    '/webhooks/..%00/..%00/x',
    '/webhooks/%c0%ae%c0%ae/%c0%ae%c0%ae/x',
  ])('refuses %s rather than rewrite it', (path) => {
    expect(() => sent('http://h.test/base', path)).toThrow(PathEscapesTarget);
    expect(() => sent('http://h.test/base', path)).toThrow(`not forwarded under the target's base path: ${JSON.stringify(path)}: the path `);
  });

  it('judges the path as it is appended, after its rewrite', () => {
    const rewrite = { from: '/webhooks', to: '/api/hooks' };
    expect(forwardTarget({ target: 'http://h.test/base', appendPath: true, pathRewrite: rewrite }, { path: '/webhooks/../../x', query: '' })).toBe(
      'http://h.test/base/api/hooks/../../x',
    );
    expect(() => forwardTarget({ target: 'http://h.test/base', appendPath: true, pathRewrite: rewrite }, { path: '/webhooks/../../../x', query: '' })).toThrow(
      PathEscapesTarget,
    );
  });

  it('leaves a target used as given alone, whatever the path', () => {
    expect(exact('http://h.test/base', '/../../admin')).toBe('http://h.test/base');
  });
});

describe('forward settings stored before the path was opt-in', () => {
  const legacy = (target: string | null, pathRewrite: Rewrite) => ({ enabled: true, target, pathRewrite, mirrorStatus: false, allowSelfSigned: true });
  const migrated = (target: string | null, pathRewrite: Rewrite) => StoredForwardSettings.parse(legacy(target, pathRewrite));

  it('keep appending where a rewrite or a bare origin said the path was meant to be appended', () => {
    expect(migrated('http://localhost:3000', null)).toEqual({ ...legacy('http://localhost:3000', null), appendPath: true });
    expect(migrated('http://localhost:3000/base', { from: '/a', to: '/b' })).toMatchObject({ appendPath: true, pathRewrite: { from: '/a', to: '/b' } });
  });

  it('use a target with its own path as given, and keep every other field', () => {
    expect(migrated('http://localhost:3000/webhooks', null)).toEqual({ ...legacy('http://localhost:3000/webhooks', null), appendPath: false });
    expect(migrated(null, null)).toMatchObject({ target: null, appendPath: false });
  });

  it('read settings already in the new shape as they are', () => {
    const current = { ...legacy('http://localhost:3000', null), appendPath: false };
    expect(StoredForwardSettings.parse(current)).toEqual(current);
  });
});

describe('the answer mirrored from the target', () => {
  const sent = { startedAt: '', url: '', request: { method: 'POST', headers: [], bodySha256: '', bodySize: 0 }, durationMs: 1, refused: false, errorKind: null };
  it('is the target’s status, or 502 when it gave none', () => {
    const response = { status: 503, headers: [], body: Buffer.alloc(0), bodyTruncated: false };
    expect(mirroredAnswer({ ...sent, response, error: null }).status).toBe(503);
    expect(mirroredAnswer({ ...sent, response: null, error: 'No connection within 5000 ms.' })).toEqual({
      status: 502,
      reason: 'forward: the target gave no answer (No connection within 5000 ms.)',
    });
    expect(mirroredAnswer({ ...sent, response, error: 'No response within 10000 ms of inactivity.' }).status).toBe(502);
  });
});
