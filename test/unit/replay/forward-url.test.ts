import { describe, expect, it } from 'vitest';
import { forwardUrl } from '../../../src/main/core/replay/forward-url';
import { mirroredAnswer } from '../../../src/main/core/replay/forwarder';

const url = (target: string, path: string, query = '', rewrite: { from: string; to: string } | null = null) =>
  forwardUrl(target, rewrite, { path, query }).href;

describe('where a delivery is forwarded', () => {
  it('keeps the received path and query under the target origin', () => {
    expect(url('http://localhost:3000', '/webhooks', 'a=1')).toBe('http://localhost:3000/webhooks?a=1');
    expect(url('http://localhost:3000/', '/', '')).toBe('http://localhost:3000/');
  });

  it('puts the received path under the target’s own path', () => {
    expect(url('http://localhost:3000/webhooks', '/')).toBe('http://localhost:3000/webhooks');
    expect(url('http://localhost:3000/webhooks/', '/payouts')).toBe('http://localhost:3000/webhooks/payouts');
    expect(url('http://localhost:3000/hooks?token=t', '/x', 'a=1')).toBe('http://localhost:3000/hooks/x?token=t&a=1');
  });

  it('replaces the leading `from` of the received path with `to`', () => {
    const rewrite = { from: '/webhooks', to: '/api/hooks' };
    expect(url('http://localhost:3000', '/webhooks/payouts', 'q=1', rewrite)).toBe('http://localhost:3000/api/hooks/payouts?q=1');
    expect(url('http://localhost:3000', '/other/webhooks', '', rewrite)).toBe('http://localhost:3000/other/webhooks');
    expect(url('http://localhost:3000', '/webhooks', '', { from: '/webhooks', to: '/' })).toBe('http://localhost:3000/');
  });
});

describe('the answer mirrored from the target', () => {
  const sent = { startedAt: '', url: '', request: { method: 'POST', headers: [], bodySha256: '', bodySize: 0 }, durationMs: 1 };
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
