import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { revokeChannel, rotateChannelToken } from 'webhook-inspector-relay';
import type { SourceHealth } from '../../src/shared/relay';
import { RelaySource, tokenRefusedBackoffMs } from '../../src/main/core/sources/relay-source';
import { startTestCore } from '../support/core-fixture';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { numberedBody } from '../support/signed-load';
import { tempDataDir } from '../support/temp-dir';
import { rawRequest, startTestRelay, type TestRelay } from '../support/test-relay';
import { until } from '../support/until';
import { humanLogger, silentLogger } from '../../src/main/core/logger';

let relay: TestRelay;
const dataDirs: string[] = [];

beforeAll(async () => {
  relay = await startTestRelay();
}, 60_000);

afterAll(async () => {
  await relay?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

const page = (token: string) => rawRequest(relay.url, '/relay/v1/deliveries', { method: 'GET', headers: { Authorization: `Bearer ${token}` } });

describe('a token the relay no longer takes', () => {
  test('the relay answers a rotated token and a revoked channel\'s token with their reason; any other token as before', async () => {
    const first = await relay.createChannel('answers');
    expect((await page(first)).status).toBe(200);
    const { token: second } = await rotateChannelToken(relay.pool, 'answers', 'tester');
    const { token: third } = await rotateChannelToken(relay.pool, 'answers', 'tester');

    for (const old of [first, second]) {
      const refused = await page(old);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ reason: 'token_rotated', error: expect.stringContaining('token rotated') });
    }
    expect((await page(third)).status).toBe(200);
    // A token never issued: the same answer as ever, whether or not any channel exists.
    const unknown = await page('wir_never_issued_by_this_relay');
    expect(unknown.status).toBe(401);
    expect(JSON.parse(unknown.body)).toEqual({ error: 'unknown or missing token' });

    await revokeChannel(relay.pool, 'answers', 'tester');
    for (const token of [first, third]) {
      const refused = await page(token);
      expect(refused.status).toBe(401);
      expect(JSON.parse(refused.body)).toMatchObject({ reason: 'token_revoked', error: expect.stringContaining('revoked') });
    }
  });

  test('after channel rotate the laptop says its token was rotated and what to do, waits 30 s before asking again, and the new token connects at once', async () => {
    const old = await relay.createChannel('laptop');
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const lines: string[] = [];
    const laptop = await startTestCore({ dataDir, secret: testSecret, logger: humanLogger((line) => lines.push(line)) });
    try {
      await laptop.call('sources.set', { url: relay.url, token: old, fingerprint: relay.fingerprint });
      await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'connected');

      const { token: fresh } = await rotateChannelToken(relay.pool, 'laptop', 'tester');
      const status = await until(
        () => laptop.call('status.get', {}),
        (s) => s.sources[0]?.state === 'disconnected' && (s.sources[0].reason ?? '').includes('rotated'),
      );
      const health = status.sources[0]!;
      expect(health.reason).toBe(
        "the relay refused the token: the channel's token was rotated; set the new one in Settings → Sources (or serve --relay-token)",
      );
      // Not every few seconds: the next try is at least 30 s away.
      expect(Date.parse(health.nextRetryAt!) - Date.now()).toBeGreaterThan(25_000);
      expect(lines.some((line) => line.includes("the channel's token was rotated"))).toBe(true);
      expect(JSON.stringify(status)).not.toContain(old);

      // Setting the new token starts afresh: connected without waiting out the delay.
      await laptop.call('sources.set', { url: relay.url, token: fresh, fingerprint: relay.fingerprint });
      const body = numberedBody(1);
      expect(await relay.deliver('/c/laptop/webhooks', body, serviceHeaders(body))).toBe(200);
      await until(() => laptop.call('status.get', {}), (s) => s.sources[0]?.state === 'connected' && s.deliveryCount === 1, 10_000);
    } finally {
      await laptop.stop();
    }
    expect(lines.join('\n')).not.toContain(old);
  });

  test('a refused token is asked again after a growing delay, capped', async () => {
    const old = await relay.createChannel('backoff');
    await rotateChannelToken(relay.pool, 'backoff', 'tester');
    const reports: Array<{ at: number; health: SourceHealth }> = [];
    const source = new RelaySource({
      endpoint: { url: relay.url, token: old, fingerprint: relay.fingerprint },
      name: 'relay:test',
      secret: () => testSecret,
      store: async () => {},
      alreadyStored: async () => new Set(),
      cursor: { read: () => '0:0', write: () => {} },
      onHealth: (health) => reports.push({ at: Date.now(), health }),
      log: silentLogger,
      tokenRefusedBackoffMs: [100, 200, 400],
    });
    source.start();
    try {
      await until(async () => reports.length, (n) => n >= 5, 20_000);
    } finally {
      await source.stop();
    }
    const waits = reports.slice(0, 5).map(({ at, health }) => {
      expect(health).toMatchObject({ state: 'disconnected', reason: expect.stringContaining('rotated') });
      return Date.parse(health.nextRetryAt!) - at;
    });
    for (const [wait, planned] of waits.map((wait, i) => [wait, [100, 200, 400, 400, 400][i]!])) {
      expect(wait).toBeGreaterThanOrEqual(planned! - 5);
      expect(wait).toBeLessThanOrEqual(planned! + 5);
    }
    // The app's own schedule: from 30 s, growing, never past 10 minutes.
    expect(tokenRefusedBackoffMs[0]).toBe(30_000);
    expect([...tokenRefusedBackoffMs].sort((a, b) => a - b)).toEqual(tokenRefusedBackoffMs);
    expect(Math.max(...tokenRefusedBackoffMs)).toBe(600_000);
  });
});
