import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CoreOptions } from '../../src/main/core/core-options';
import { EgressPolicy } from '../../src/main/core/outbound/egress-policy';
import { sendAttempt } from '@webhook-inspector/http-attempt';
import { startCore } from '../../src/main/core/start-core';
import { createUser } from '../../src/main/core/team/users';
import type { CallName } from '../../src/shared/contract';
import type { ReplayRecord } from '../../src/shared/replay';
import { defaultForwardSettings } from '../../src/shared/replay';
import { bodyText, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import { builtPostgresWriter, builtWriterThread, tempDataDir } from '../support/core-fixture';
import { testSecret } from '../support/deliveries';
import { scriptedResolver, startTripwire, type Tripwire } from '../support/egress-targets';
import { storeLocation, stopTestPostgres } from '../support/engines';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { until } from '../support/until';

const rule = /\(team server\); an admin can allow it with --allow-target or in Settings → Egress$/;
const publicAddress = '93.184.215.14';

interface Answer {
  status: number;
  body: { error?: string; advice?: string } & Record<string, unknown>;
}

/** A team server as `serve --store postgresql://… --team` starts it, in this process, and one user's calls. */
async function startTeamCore(options: Partial<CoreOptions>) {
  const store = await storeLocation('postgresql');
  const core = await startCore({
    dataDir: tempDataDir(),
    store,
    team: {},
    httpsPort: 0,
    uiPort: 0,
    simulator: false,
    secret: testSecret,
    writerThreadFile: builtWriterThread,
    postgresWriterFile: builtPostgresWriter,
    ...options,
  });
  const pool = new pg.Pool({ connectionString: store });
  const { token } = await createUser(pool, 'alice', 'admin').finally(() => pool.end());
  const call = async (name: CallName, input: unknown = {}): Promise<Answer> => {
    const res = await fetch(`${core.urls.uiListening}/rpc/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const deliver = async (path = '/webhooks') => {
    const sent = signedDelivery(Buffer.from(bodyText(giftCardRecipientBody())), testSecret);
    const answer = await post(`${core.urls.receiverHttps}${path}`, sent.body, sent.headers);
    return { answer, id: Number(answer.headers['x-inspector-delivery-id']) };
  };
  return { core, call, deliver };
}

let tripwire: Tripwire;
let target: ReplayTarget;
beforeAll(async () => {
  tripwire = await startTripwire();
  target = await startTarget();
});
afterAll(async () => {
  await tripwire?.close();
  await target?.close();
  await stopTestPostgres();
});

describe('a team server’s egress policy', () => {
  const resolver = scriptedResolver({
    localhost: [['127.0.0.1', '::1']],
    'internal.test': [['10.1.2.3']],
    'lan.test': [['192.168.1.20']],
    'cgnat.test': [['100.64.1.1']],
    'metadata.test': [['169.254.169.254']],
    'mixed.test': [[publicAddress, '127.0.0.1']],
    // Public when the setting is checked, loopback when the connection is made.
    'rebind.test': [[publicAddress], ['127.0.0.1']],
    'rebind-service.test': [[publicAddress], ['127.0.0.1']],
    'rebind-relay.test': [[publicAddress], ['127.0.0.1']],
  });
  let team: Awaited<ReturnType<typeof startTeamCore>>;
  beforeAll(async () => {
    team = await startTeamCore({ resolveHost: resolver });
  }, 60_000);
  afterAll(() => team?.core.close());
  afterEach(() => expect(tripwire.connections).toBe(0));

  const special = () => [
    `http://127.0.0.1:${tripwire.port}/hook`,
    `http://127.9.9.9:${tripwire.port}/hook`,
    `http://[::1]:${tripwire.port}/hook`,
    `http://0.0.0.0:${tripwire.port}/hook`,
    `http://[::]:${tripwire.port}/hook`,
    `http://[::ffff:127.0.0.1]:${tripwire.port}/hook`,
    `http://[::ffff:7f00:1]:${tripwire.port}/hook`,
    `http://[::127.0.0.1]:${tripwire.port}/hook`,
    `http://2130706433:${tripwire.port}/hook`,
    `http://0x7f.1:${tripwire.port}/hook`,
    `http://localhost:${tripwire.port}/hook`,
    `http://mixed.test:${tripwire.port}/hook`,
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.test/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[fe80::1]/',
    'http://internal.test/admin',
    'http://lan.test/admin',
    'http://cgnat.test/',
    'http://[fd00::1]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'https://10.0.0.1/',
  ];

  it('refuses a replay to every special address, names the address and the rule, records it, and connects to nothing', async () => {
    const { id } = await team.deliver();
    for (const url of special()) {
      const answer = await team.call('replay.send', { deliveryId: id, url });
      expect(answer.status, url).toBe(403);
      expect(answer.body.error, url).toMatch(/^refused by the egress policy: /);
      expect(answer.body.error, url).toMatch(rule);
    }
    const named = await team.call('replay.send', { deliveryId: id, url: 'http://internal.test/admin' });
    expect(named.body.error).toBe(
      'refused by the egress policy: internal.test resolves to 10.1.2.3, a private address (team server); an admin can allow it with --allow-target or in Settings → Egress',
    );
    const mapped = await team.call('replay.send', { deliveryId: id, url: `http://[::ffff:127.0.0.1]:${tripwire.port}/` });
    expect(mapped.body.error).toMatch(/^refused by the egress policy: ::ffff:7f00:1 is a loopback address \(team server\)/);
    const history = (await team.call('replay.list', { deliveryId: id })).body.items as ReplayRecord[];
    expect(history).toHaveLength(special().length + 2);
    expect(history.every((r) => r.response === null && r.error !== null && rule.test(r.error))).toBe(true);
  });

  it('refuses replay many at the first refused address', async () => {
    const first = await team.deliver();
    const second = await team.deliver();
    const answer = await team.call('replay.many', {
      selection: { deliveryIds: [first.id, second.id] },
      url: `http://[::ffff:127.0.0.1]:${tripwire.port}/`,
    });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toMatch(rule);
  });

  it('refuses a forward target, and a forward whose name resolves to a refused address when it connects', async () => {
    const refused = await team.call('forward.set', { ...defaultForwardSettings, enabled: true, target: `http://0.0.0.0:${tripwire.port}/` });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(rule);

    // DNS rebinding: public when the setting was checked, loopback when the forward connects.
    const set = await team.call('forward.set', { ...defaultForwardSettings, enabled: true, target: `http://rebind.test:${tripwire.port}/` });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const { answer, id } = await team.deliver();
    expect(answer.status).toBe(200);
    const forwards = await until(
      async () => (await team.call('replay.list', { deliveryId: id })).body.items as ReplayRecord[],
      (items) => items.length > 0,
    );
    expect(forwards[0]).toMatchObject({ kind: 'forward', response: null });
    expect(forwards[0]!.error).toBe(
      'refused by the egress policy: rebind.test resolves to 127.0.0.1, a loopback address (team server); an admin can allow it with --allow-target or in Settings → Egress',
    );
    expect(resolver.lookups.get('rebind.test')).toBe(2);
    expect((await team.call('forward.set', defaultForwardSettings)).status).toBe(200);
  });

  it('refuses a service base URL at once, and a call whose name resolves to a refused address when it connects', async () => {
    const refused = await team.call('settings.setService', {
      connection: { mode: 'service', baseUrl: `http://[::ffff:127.0.0.1]:${tripwire.port}` },
      apiToken: 'tok_test',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatch(rule);

    const set = await team.call('settings.setService', {
      connection: { mode: 'service', baseUrl: `http://rebind-service.test:${tripwire.port}` },
      apiToken: 'tok_test',
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const page = await team.call('api.listPage', { endpoint: '/api/payout-orders', page: 1, limit: 10 });
    expect(page.status).toBe(403);
    expect(page.body.error).toBe(
      'GET /api/payout-orders?page=1&limit=10: refused by the egress policy: rebind-service.test resolves to 127.0.0.1, a loopback address (team server); an admin can allow it with --allow-target or in Settings → Egress',
    );
    expect(page.body.advice).toMatch(/egress policy/);
  });

  it('refuses a relay source’s address', async () => {
    for (const url of [`http://127.0.0.1:${tripwire.port}`, 'https://internal.test', `http://[::ffff:127.0.0.1]:${tripwire.port}`]) {
      const answer = await team.call('sources.set', { url, token: 'wir_test', fingerprint: null });
      expect(answer.status, url).toBe(403);
      expect(answer.body.error).toMatch(rule);
    }
    const status = (await team.call('status.get')).body as { relay: unknown };
    expect(status.relay).toBeNull();

    // Public when set, loopback when the source connects: refused there, and its health says why.
    const set = await team.call('sources.set', { url: `http://rebind-relay.test:${tripwire.port}`, token: 'wir_test', fingerprint: null });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    type Health = Array<{ state: string; reason: string | null }>;
    const sources = await until(
      async () => ((await team.call('status.get')).body as { sources: Health }).sources,
      (health) => health[0]?.reason !== null && health[0]?.reason !== undefined,
    );
    expect(sources[0]!.reason).toMatch(/refused by the egress policy: rebind-relay.test resolves to 127.0.0.1, a loopback address \(team server\)/);
    expect((await team.call('sources.clear')).status).toBe(200);
  });

  it('lets through what an admin allows in Settings, and shows the rules in force', async () => {
    expect((await team.call('egress.get')).body).toEqual({ restricted: true, commandLine: [], saved: [] });
    const bad = await team.call('egress.set', { rules: ['10.0.0.0/8', 'http://x/path'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/"http:\/\/x\/path" is not an allowed target/);
    const set = await team.call('egress.set', { rules: [`127.0.0.1:${new URL(target.url).port}`] });
    expect(set.body).toEqual({ restricted: true, commandLine: [], saved: [`127.0.0.1:${new URL(target.url).port}`] });
    const { id } = await team.deliver();
    const before = target.requests.length;
    const sent = await team.call('replay.send', { deliveryId: id, url: `${target.url}/hook` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(target.requests.length).toBe(before + 1);
    // The rule is that address at that port: the tripwire's port stays refused.
    expect((await team.call('replay.send', { deliveryId: id, url: `http://127.0.0.1:${tripwire.port}/` })).status).toBe(403);
    await team.call('egress.set', { rules: [] });
  });
});

describe('a connection through the policy', () => {
  const attempt = (url: string, policy: EgressPolicy) =>
    sendAttempt({
      target: new URL(url),
      body: Buffer.from('{}'),
      headers: {},
      connectTimeoutMs: 5_000,
      readTimeoutMs: 5_000,
      trustedFingerprint: null,
      responseBodyCapBytes: 1024,
      signal: new AbortController().signal,
      egress: policy,
    });

  it('goes only to the addresses it checked, trying each in turn, and never resolves the name again', async () => {
    const port = new URL(target.url).port;
    // ::1 first, where nothing listens at this port (the target is on 127.0.0.1 only), as `localhost` often resolves.
    const resolver = scriptedResolver({ 'dual.test': [['::1', '127.0.0.1'], ['203.0.113.9']] });
    const before = target.requests.length;
    const outcome = await attempt(`http://dual.test:${port}/hook`, new EgressPolicy({ team: false, rules: () => [], resolve: resolver }));
    expect(outcome).toMatchObject({ kind: 'response', statusCode: 200 });
    expect(target.requests.length).toBe(before + 1);
    expect(resolver.lookups.get('dual.test')).toBe(1);
  });

  it('refuses before connecting when any address of the name is refused', async () => {
    const resolver = scriptedResolver({ 'split.test': [[publicAddress, '127.0.0.1']] });
    const outcome = await attempt(`http://split.test:${tripwire.port}/`, new EgressPolicy({ team: true, rules: () => [], resolve: resolver }));
    expect(outcome).toMatchObject({ kind: 'error', errorKind: 'refused' });
    expect(tripwire.connections).toBe(0);
  });
});

describe('a team server’s embedded simulator', () => {
  it('sends its webhooks to this receiver, and refuses a callback URL a user points at a special address', async () => {
    const team = await startTeamCore({ simulator: {} });
    try {
      const campaigns = (await team.call('api.listPage', { endpoint: '/api/campaigns', limit: 50 })).body.items as Array<{
        uuid: string;
        status: string;
        payout_type: string;
        wallet_currency: string;
      }>;
      const campaign = campaigns.find((c) => c.status === 'active' && c.payout_type === 'gift_cards')!;
      const order = await team.call('api.createPayoutOrder', {
        campaign_id: campaign.uuid,
        wallet_currency: campaign.wallet_currency,
        recipients: [{ email: 'a@example.com', name: 'A Person', amount: 25 }],
        callback_url: `https://[::ffff:127.0.0.1]:${tripwire.port}/hook`,
      });
      expect([order.status, order.body.status], JSON.stringify(order.body)).toEqual([200, 201]);
      type Events = Array<{ callbackUrl: string | null; attempts: Array<{ error: string | null }> }>;
      const attempted = await until(
        async () => ((await team.call('simulator.state')).body.events as Events).filter((e) => e.callbackUrl?.includes(String(tripwire.port))),
        (events) => events.some((e) => e.attempts.length > 0),
      );
      expect(attempted.flatMap((e) => e.attempts.map((a) => a.error))[0]).toMatch(/^refused by the egress policy: ::ffff:7f00:1 is a loopback address/);

      expect((await team.call('simulator.createDemoOrder')).status).toBe(200);
      const stored = await until(
        async () => ((await team.call('deliveries.list', { limit: 5 })).body.items as unknown[]).length,
        (count) => count > 0,
      );
      expect(stored).toBeGreaterThan(0);
    } finally {
      await team.core.close();
    }
  }, 60_000);
});

describe('a team server started with --allow-target', () => {
  it('reaches the targets it names, and only those', async () => {
    const port = new URL(target.url).port;
    const resolver = scriptedResolver({ 'hooks.internal.test': [['127.0.0.1']] });
    const team = await startTeamCore({ allowTargets: ['*.internal.test', '10.0.0.0/8'], resolveHost: resolver });
    try {
      expect((await team.call('egress.get')).body).toEqual({ restricted: true, commandLine: ['*.internal.test', '10.0.0.0/8'], saved: [] });
      const { id } = await team.deliver();
      const before = target.requests.length;
      const sent = await team.call('replay.send', { deliveryId: id, url: `http://hooks.internal.test:${port}/hook` });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      expect(target.requests.length).toBe(before + 1);
      expect(target.header(target.requests.at(-1)!, 'host')).toBe(`hooks.internal.test:${port}`);
      // Resolved once, by the policy; the socket went to that address (the system cannot resolve this name).
      expect(resolver.lookups.get('hooks.internal.test')).toBe(1);
      expect((await team.call('replay.send', { deliveryId: id, url: `${target.url}/hook` })).status).toBe(403);
    } finally {
      await team.core.close();
    }
  }, 60_000);

  it('refuses to start with a rule it cannot read', async () => {
    await expect(startTeamCore({ allowTargets: ['ftp://nope'] })).rejects.toThrow(/is not an allowed target/);
  });
});
