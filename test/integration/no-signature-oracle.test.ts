import { createHmac, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallInput, type CallName } from '../../src/shared/contract';
import type { DeliveryDetail } from '../../src/shared/delivery';
import type { TransferExportRequest } from '../../src/shared/fixtures';
import { storedCaseId, type CheckRunView } from '../../src/shared/handler-check';
import { defaultResponsePolicy } from '../../src/shared/policy';
import type { ReplayRecord } from '../../src/shared/replay';
import type { Role } from '../../src/shared/roles';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { testPostgres, stopTestPostgres } from '../support/engines';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { startTestRelay, type TestRelay } from '../support/test-relay';
import { callAs, createTeamUser } from '../support/team-server';
import { until } from '../support/until';

/**
 * Issue 39, finding 1: nobody below admin on a team server can obtain HMAC(secret in force, body) for a body they
 * chose (posted to the receiver, as anyone can), through any call, download or stream.
 */

const teamSecret = `whsec_team_${randomUUID()}`;
const memberOwnSecret = `whsec_member_handler_${randomUUID()}`;
const hmacHex = (secret: string, body: Buffer) => createHmac('sha256', secret).update(body).digest('hex');

/** What leaks a signature: the digest whole, or any 16 hex digits of it in a row (a truncated or re-cased copy too). */
function leaksOf(text: string, digests: readonly string[]): string[] {
  const lower = text.toLowerCase();
  return digests.flatMap((digest) => {
    const windows = Array.from({ length: digest.length - 15 }, (_, i) => digest.slice(i, i + 16));
    return windows.some((window) => lower.includes(window)) ? [digest] : [];
  });
}

/** An event stream as the UI opens it, all its text kept. */
async function rawStream(origin: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${origin}/events`, { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  const stream = { text: '', close: () => controller.abort() };
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return;
      stream.text += value;
    }
  })();
  return stream;
}

/** What the sweep knows when it builds a call's input: the attacker's deliveries, what they link to, jobs started. */
interface Sweep {
  attackerIds: number[];
  lifecycleKey: string;
  recipientKey: string;
  orderUuid: string;
  /** The attacker's own server, where a member would send what it can. */
  memberTarget: string;
  /** An admin's run that sent the attacker's body signed with the team's secret. */
  adminRunId: string;
  searchJobId: string;
  fetchAllJobId: string;
}

type Inputs = { [N in CallName]: (s: Sweep) => Array<CallInput<N>> };

/**
 * Every call of the contract, with inputs that aim at the attacker's bodies (a viewer and a member make them all; what
 * their role may not do is refused, which is fine). Typed over every call name, and checked below at run time: a
 * call added to the contract cannot go unswept.
 */
const inputs = {
  'status.get': () => [{}],
  'session.get': () => [{}],
  'audit.list': () => [{}],
  'audit.setRetention': () => [{ keepDays: 1, keepEntries: 1_000 }],
  'users.list': () => [{}],
  'users.create': () => [{ name: 'intruder', role: 'admin' }],
  'users.setRole': () => [{ name: 'viewer-user', role: 'admin' }],
  'users.revoke': () => [{ name: 'admin-user' }],
  'deliveries.list': () => [{}, { filter: { signature: 'invalid' } }, { filter: { signature: 'missing' } }],
  'deliveries.search.start': () => [{ filter: { text: 'attacker' } }],
  'deliveries.search.page': (s) => [{ jobId: s.searchJobId, waitMs: 2_000 }],
  'deliveries.search.cancel': (s) => [{ jobId: s.searchJobId }],
  'deliveries.get': (s) => s.attackerIds.map((id) => ({ id })),
  'deliveries.compare': (s) => s.attackerIds.map((id) => ({ left: id, right: s.attackerIds[0]! })),
  'deliveries.facets': () => [{}],
  'settings.setSecret': () => [{ secret: 'an-attacker-secret' }],
  'settings.clearSecret': () => [{}],
  'settings.setPolicy': () => [{ ...defaultResponsePolicy, status: 410 }],
  'settings.setPorts': () => [{ https: 0, http: null }],
  'settings.setService': (s) => [{ connection: { mode: 'service', baseUrl: s.memberTarget } }],
  'settings.setRetention': () => [{ keepDays: null, keepBytes: 1 }],
  'sources.set': (s) => [{ url: s.memberTarget, token: 'an-attacker-relay-token', fingerprint: null }],
  'sources.clear': () => [{}],
  'duplicates.list': () => [{}],
  'lifecycles.list': () => [{}],
  'lifecycles.facets': () => [{}],
  'lifecycles.get': (s) => [{ key: s.lifecycleKey }],
  'recipients.get': (s) => [{ recipientKey: s.recipientKey }],
  'orders.list': () => [{}],
  'orders.get': (s) => [{ orderUuid: s.orderUuid }],
  'api.listPage': () => [{ endpoint: '/api/orders' }],
  'api.fetchAll.start': () => [{ endpoint: '/api/orders' }],
  'api.fetchAll.cancel': (s) => [{ jobId: s.fetchAllJobId }],
  'api.fetchAll.items': (s) => [{ jobId: s.fetchAllJobId }],
  'api.fetchSigningSecret': () => [{}],
  'api.createPayoutOrder': (s) => [{ campaign_id: 'campaign', wallet_currency: 'USD', recipients: [{ email: 'a@example.com' }], callback_url: s.memberTarget }],
  'replay.send': (s) => replaySends(s, 'replay'),
  // What a replay would send, signature included: the same rules as sending it.
  'replay.preview': (s) => replaySends(s, 'preview'),
  // The admin's replays (beforeAll): the bytes they sent.
  'replay.sentBody': () => [1, 2, 3, 4].map((replayId) => ({ replayId })),
  'replay.many': (s) => [{ selection: { deliveryIds: s.attackerIds }, url: `${s.memberTarget}/many` }],
  'replay.list': (s) => s.attackerIds.map((deliveryId) => ({ deliveryId })),
  'forward.get': () => [{}],
  'forward.set': (s) => [{ enabled: true, target: `${s.memberTarget}/forward`, appendPath: false, pathRewrite: null, mirrorStatus: false, allowSelfSigned: false }],
  'egress.get': () => [{}],
  'egress.set': () => [{ rules: ['0.0.0.0/0'] }],
  'export.fixtures': (s) => [{ selection: { deliveryIds: s.attackerIds }, testSecret: 'a-test-secret' }, { selection: { deliveryIds: s.attackerIds } }],
  'export.har': (s) => [{ selection: { deliveryIds: s.attackerIds } }],
  'export.curl': (s) => s.attackerIds.map((deliveryId) => ({ deliveryId })),
  'import.path': () => [{ path: '/etc/hostname' }],
  // The oracle as it was: the team's secret over stored bodies of one's choice, sent where one likes.
  'check.start': (s) => [{ url: `${s.memberTarget}/check`, only: ['rejects-forgeries'], deliveryIds: s.attackerIds }],
  'check.get': (s) => [{ runId: s.adminRunId }],
  'check.list': () => [{}],
  'check.resend': (s) => s.attackerIds.map((id) => ({ runId: s.adminRunId, caseId: storedCaseId(id) })),
  'check.keep': (s) => [{ runId: s.adminRunId }],
  'check.drop': (s) => [{ runId: s.adminRunId }],
  'simulator.state': () => [{}],
  'simulator.configure': () => [{ duplicateRate: 1 }],
  'simulator.resend': () => [{ id: 1 }],
  'simulator.createDemoOrder': () => [{}],
  // Reconcile's rows carry verdicts, counted, never a digest.
  'reconcile.start': () => [{}],
  'reconcile.cancel': () => [{ runId: 'none' }],
  'reconcile.list': () => [{}],
  'reconcile.get': () => [{}],
  'reconcile.setSchedule': () => [{ enabled: false, everyMinutes: 15 }],
} satisfies Inputs;

/**
 * A replay of each chosen body as stored, with a wrong signature, re-signed with a guess, then re-signed with the
 * secret in force (the team's: refused below admin), as stored and edited ("Edit, then replay").
 */
function replaySends(s: Sweep, path: string) {
  const url = `${s.memberTarget}/${path}`;
  return s.attackerIds.flatMap((deliveryId) => [
    { deliveryId, url },
    { deliveryId, url, signing: { mode: 'wrong' as const } },
    { deliveryId, url, signing: { mode: 'resign' as const, secret: 'a-guess' } },
    { deliveryId, url, signing: { mode: 'resign' as const } },
    { deliveryId, url, signing: { mode: 'resign' as const }, edit: { headers: [['X-Edited', '1']] as Array<[string, string]> } },
  ]);
}
/** What each of replaySends' five answers a member: the secret in force is an admin's only. */
const memberReplayStatuses = [200, 200, 200, 400, 400];

/** Every download, as a viewer and a member ask for it (a viewer is refused them all). */
const downloads = (ids: number[]): TransferExportRequest[] => [
  { format: 'fixtures', selection: 'all' },
  { format: 'fixtures', selection: { deliveryIds: ids }, testSecret: 'a-test-secret' },
  { format: 'fixtures', selection: { deliveryIds: ids }, keepSignatures: true },
  { format: 'har', selection: 'all' },
  { format: 'ndjson' },
];

async function downloadAs(origin: string, token: string, request: TransferExportRequest): Promise<string> {
  const res = await fetch(`${origin}/transfer/export`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = res.ok && bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('latin1') : bytes.toString('latin1');
  return `${res.status} ${text}`;
}

describe('no signature oracle on a team server (PostgreSQL)', () => {
  let t: TestCore;
  let origin: string;
  let adminTarget: ReplayTarget;
  let memberTarget: ReplayTarget;
  const tokens = {} as Record<Role, string>;
  let relay: TestRelay;
  /**
   * Bodies the attacker chose: posted to the receiver, one with a made-up signature, one with none; and one posted to
   * a relay channel's public URL, which the team server pulls from.
   */
  const chosen = [1, 2, 3].map(() => giftCardBody({ recipient_name: `attacker ${randomUUID()}` }));
  const digests = chosen.map((body) => hmacHex(teamSecret, body));
  let attackerIds: number[];
  let validId: number;
  let adminRunId: string;
  let streams: Record<'viewer' | 'member', Awaited<ReturnType<typeof rawStream>>>;

  const as = async (role: Role, name: CallName, input: unknown = {}) => callAs(origin, tokens[role], name, input);
  const parsedAs = async <T>(role: Role, name: CallName, input: unknown = {}): Promise<T> => {
    const answer = await as(role, name, input);
    expect(answer.status, `${name} as ${role}: ${answer.body}`).toBe(200);
    return JSON.parse(answer.body) as T;
  };

  beforeAll(async () => {
    const cluster = await testPostgres();
    const store = await cluster.createDatabase('no_oracle');
    for (const role of ['admin', 'member', 'viewer'] as const) tokens[role] = await createTeamUser(store, `${role}-user`, role);
    adminTarget = await startTarget();
    memberTarget = await startTarget();
    relay = await startTestRelay();
    const relayToken = await relay.createChannel('oracle');
    t = await startTestCore({ store, team: {}, secret: teamSecret, allowTargets: ['127.0.0.1'], relay: { url: relay.url, token: relayToken, fingerprint: relay.fingerprint } });
    origin = t.core.urls.uiOrigin;
    streams = { viewer: await rawStream(origin, tokens.viewer), member: await rawStream(origin, tokens.member) };

    // Anyone may post to the receiver: the attacker chooses the bytes, and has no secret to sign them with.
    const [withMadeUp, unsigned, relayed] = chosen as [Buffer, Buffer, Buffer];
    const seen = (count: number) => until(() => parsedAs<{ items: Array<{ id: number; signature: string }> }>('viewer', 'deliveries.list'), (page) => page.items.length === count);
    // One after the other: stored in the order of `chosen`.
    await post(`${t.receiverUrl}/webhooks`, withMadeUp, { ...serviceHeaders(withMadeUp, null), 'X-Service-Signature': `sha256=${'0'.repeat(64)}` });
    await seen(1);
    await post(`${t.receiverUrl}/webhooks`, unsigned, serviceHeaders(unsigned, null));
    await seen(2);
    expect(await relay.deliver('/c/oracle/webhooks', relayed, serviceHeaders(relayed, null))).toBe(200);
    await seen(3);
    const genuine = giftCardBody();
    await post(`${t.receiverUrl}/webhooks`, genuine, serviceHeaders(genuine, teamSecret));
    const list = await seen(4);
    attackerIds = list.items.filter((d) => d.signature !== 'valid').map((d) => d.id).sort((a, b) => a - b);
    validId = list.items.find((d) => d.signature === 'valid')!.id;
    expect(attackerIds).toHaveLength(3);
    expect((await parsedAs<DeliveryDetail>('admin', 'deliveries.get', { id: attackerIds[2] })).source).toMatch(/^relay:/);

    // What an admin may do with the team's secret, on the attacker's bodies: the run and the replay hold signatures.
    const run = await parsedAs<CheckRunView>('admin', 'check.start', { url: `${adminTarget.url}/hook`, only: ['rejects-forgeries'], deliveryIds: attackerIds });
    adminRunId = run.id;
    await until(() => parsedAs<CheckRunView>('admin', 'check.get', { runId: adminRunId }), (r) => r.state !== 'running');
    for (const deliveryId of attackerIds) {
      await parsedAs('admin', 'replay.send', { deliveryId, url: `${adminTarget.url}/replay`, signing: { mode: 'resign', secret: teamSecret } });
    }
    // Edited (its headers; the chosen bytes as they are) and re-signed with the secret in force, an admin's to use.
    await parsedAs('admin', 'replay.send', {
      deliveryId: attackerIds[0],
      url: `${adminTarget.url}/replay`,
      signing: { mode: 'resign' },
      edit: { headers: [['X-Edited', '1']] },
    });
  }, 180_000);

  afterAll(async () => {
    streams?.viewer.close();
    streams?.member.close();
    await t?.stop();
    await adminTarget?.close();
    await memberTarget?.close();
    await relay?.stop();
    await stopTestPostgres();
  });

  it('sweeps every call of the contract (the input table covers each one)', () => {
    expect(Object.keys(inputs).sort()).toEqual(Object.keys(calls).sort());
  });

  it('holds signatures of the chosen bodies server-side (an admin’s run and replay), so that the sweep has something to find', async () => {
    const sentToAdmin = adminTarget.requests.map((r) => JSON.stringify(r.headers)).join('\n');
    expect(leaksOf(sentToAdmin, digests)).toEqual(digests);
    const run = await parsedAs<CheckRunView>('admin', 'check.get', { runId: adminRunId });
    expect(leaksOf(JSON.stringify(run), digests)).toEqual(digests);
  });

  for (const role of ['viewer', 'member'] as const) {
    it(`as a ${role}: no call, download or stream answers with HMAC(team secret, chosen body), nor sends it anywhere`, async () => {
      const admin = await parsedAs<DeliveryDetail>('admin', 'deliveries.get', { id: attackerIds[0] });
      const sweep: Sweep = {
        attackerIds,
        lifecycleKey: admin.lifecycleKey ?? 'none',
        recipientKey: admin.recipientKey ?? 'none',
        orderUuid: admin.orderUuid ?? 'none',
        memberTarget: memberTarget.url,
        adminRunId,
        searchJobId: 'none',
        fetchAllJobId: 'none',
      };
      const answers: string[] = [];
      const statuses = new Map<string, number[]>();
      for (const name of Object.keys(calls) as CallName[]) {
        for (const input of (inputs[name] as (s: Sweep) => unknown[])(sweep)) {
          const answer = await as(role, name, input);
          answers.push(`${name} ${answer.status} ${answer.body}`);
          statuses.set(name, [...(statuses.get(name) ?? []), answer.status]);
          if (answer.status !== 200) continue;
          const body = JSON.parse(answer.body) as { jobId?: string };
          if (name === 'deliveries.search.start') sweep.searchJobId = body.jobId!;
          if (name === 'api.fetchAll.start') sweep.fetchAllJobId = body.jobId!;
        }
      }
      for (const request of downloads(attackerIds)) answers.push(`download ${await downloadAs(origin, tokens[role], request)}`);

      expect(leaksOf(answers.join('\n'), digests), 'in the answers').toEqual([]);
      expect(leaksOf(memberTarget.requests.map((r) => `${JSON.stringify(r.headers)} ${r.body.toString('latin1')}`).join('\n'), digests), 'sent to the attacker’s server').toEqual([]);
      // The stream was open all along: while the admin's run went, and while this sweep went.
      expect(streams[role].text).toContain('event: check.changed');
      expect(leaksOf(streams[role].text, digests), 'on the event stream').toEqual([]);
      // Nor the secret itself, which would sign anything.
      expect(`${answers.join('\n')}\n${streams[role].text}`).not.toContain(teamSecret);
      // The sweep reached the attacker's deliveries and the admin's run, and the member's sends went out.
      expect(statuses.get('deliveries.get')).toEqual([200, 200, 200]);
      expect(statuses.get('check.get')).toEqual([200]);
      expect(statuses.get('check.start')).toEqual([role === 'viewer' ? 403 : 400]);
      if (role === 'member') {
        expect(statuses.get('replay.send')).toEqual(attackerIds.flatMap(() => memberReplayStatuses));
        expect(statuses.get('replay.preview')).toEqual(attackerIds.flatMap(() => memberReplayStatuses));
        expect(statuses.get('replay.sentBody')).toEqual([200, 200, 200, 200]);
        expect(statuses.get('check.resend')!.every((s) => s === 200)).toBe(true);
        expect(memberTarget.requests.length).toBeGreaterThan(0);
      }
    }, 180_000);
  }

  it('shows the expected digest whole to admins, and below admin only when it matches the header (else its first 8 hex digits)', async () => {
    for (const [index, id] of attackerIds.entries()) {
      const digest = digests[index]!;
      expect((await parsedAs<DeliveryDetail>('admin', 'deliveries.get', { id })).signatureCheck.expected).toBe(digest);
      for (const role of ['viewer', 'member'] as const) {
        const { signatureCheck } = await parsedAs<DeliveryDetail>(role, 'deliveries.get', { id });
        expect(signatureCheck).toMatchObject({ expected: digest.slice(0, 8), expectedIsPrefix: true });
      }
    }
    const valid = await parsedAs<DeliveryDetail>('viewer', 'deliveries.get', { id: validId });
    expect(valid.signatureCheck).toMatchObject({ verdict: 'valid' });
    expect(valid.signatureCheck.expected).toBe(valid.signatureCheck.received);
    expect(valid.signatureCheck.expectedIsPrefix).toBeUndefined();
  });

  it('shows a check run’s signatures whole to its starter and admins only; a member’s run signs with the secret they give', async () => {
    const admins = await parsedAs<CheckRunView>('admin', 'check.get', { runId: adminRunId });
    const viewers = await parsedAs<CheckRunView>('viewer', 'check.get', { runId: adminRunId });
    const signatures = (run: CheckRunView) =>
      run.results.flatMap((r) => r.exchanges.flatMap((e) => e.request.headers.filter(([n]) => n.toLowerCase() === 'x-service-signature').map(([, v]) => v)));
    expect(signatures(admins).some((v) => /^sha256=[0-9a-f]{64}$/.test(v))).toBe(true);
    expect(signatures(viewers).length).toBe(signatures(admins).length);
    for (const value of signatures(viewers)) expect(value).not.toMatch(/[0-9a-fA-F]{9}/);
    // Everything else of the run is the same.
    expect({ ...viewers, results: viewers.results.map((r) => r.id) }).toEqual({ ...admins, results: admins.results.map((r) => r.id) });

    const memberTargetBefore = memberTarget.requests.length;
    const own = await parsedAs<CheckRunView>('member', 'check.start', { url: `${memberTarget.url}/own`, only: ['rejects-forgeries/missing-signature', 'acknowledges'], deliveryIds: [attackerIds[0]], secret: memberOwnSecret });
    expect(own.startedBy).toBe('member-user');
    const finished = await until(() => parsedAs<CheckRunView>('member', 'check.get', { runId: own.id }), (r) => r.state !== 'running');
    const sent = memberTarget.requests.slice(memberTargetBefore);
    const stored = sent.find((r) => r.body.equals(chosen[0]!))!;
    expect(memberTarget.header(stored, 'X-Service-Signature')).toBe(`sha256=${hmacHex(memberOwnSecret, chosen[0]!)}`);
    expect(signatures(finished)).toContain(`sha256=${hmacHex(memberOwnSecret, chosen[0]!)}`);
    const viewed = await parsedAs<CheckRunView>('viewer', 'check.get', { runId: own.id });
    expect(signatures(viewed)).not.toContain(`sha256=${hmacHex(memberOwnSecret, chosen[0]!)}`);
    expect(signatures(viewed)).toContain(`sha256=${hmacHex(memberOwnSecret, chosen[0]!).slice(0, 8)}…`);
  });

  it('shows a replay re-signed by an admin whole to admins, cut to viewers and members', async () => {
    const [id] = attackerIds as [number];
    const resigned = (items: ReplayRecord[]) => items.filter((r) => r.signingMode === 'resign' && r.sentBy === 'admin-user');
    const signatureOf = (record: ReplayRecord) => record.request.headers.find(([n]) => n.toLowerCase() === 'x-service-signature')?.[1];
    const admins = resigned((await parsedAs<{ items: ReplayRecord[] }>('admin', 'replay.list', { deliveryId: id })).items);
    // Newest first: the one edited (its headers) and re-signed with the secret in force, then the one with the secret given.
    expect(admins.map((r) => [r.edited, signatureOf(r)])).toEqual([
      [true, `sha256=${digests[0]}`],
      [false, `sha256=${digests[0]}`],
    ]);
    for (const role of ['viewer', 'member'] as const) {
      const shown = resigned((await parsedAs<{ items: ReplayRecord[] }>(role, 'replay.list', { deliveryId: id })).items);
      expect(shown.map(signatureOf)).toEqual([`sha256=${digests[0]!.slice(0, 8)}…`, `sha256=${digests[0]!.slice(0, 8)}…`]);
    }
  });
});

describe('a personal inspector belongs to the secret’s owner', () => {
  it('keeps showing the whole expected digest of any delivery', async () => {
    const secret = `whsec_own_${randomUUID()}`;
    const t = await startTestCore({ secret });
    try {
      const body = giftCardBody({ recipient_name: `chosen ${randomUUID()}` });
      await post(`${t.receiverUrl}/webhooks`, body, serviceHeaders(body, null));
      const { items } = await until(() => t.call('deliveries.list', {}), (page) => page.items.length === 1);
      const detail = await t.call('deliveries.get', { id: items[0]!.id });
      expect(detail.signatureCheck).toMatchObject({ verdict: 'missing', expected: hmacHex(secret, body) });
      expect(detail.signatureCheck.expectedIsPrefix).toBeUndefined();
    } finally {
      await t.stop();
    }
  });
});
