import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CallInput, CallName, CallOutput } from '../../src/shared/contract';
import { keptRunLimit, storedDeliveryLimit } from '../../src/shared/handler-check';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { describeEachEngine, storeLocation, testPostgres, stopTestPostgres } from '../support/engines';
import { subscribe } from '../support/event-subscription';
import { startHandler, type HandlerUnderCheck } from '../support/handlers-under-check';
import { post } from '../support/https-client';
import { callAs, createTeamUser } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { unusedPort } from '../support/unused-port';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

const secret = 'whsec_check_view_0123456789abcdef';
const cores: TestCore[] = [];
const handlers: HandlerUnderCheck[] = [];

afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.stop()));
  await Promise.all(handlers.splice(0).map((h) => h.close()));
});
afterAll(stopTestPostgres);

async function handler(flaw: Parameters<typeof startHandler>[1]) {
  const started = await startHandler(secret, flaw);
  handlers.push(started);
  return started;
}

const finished = (t: TestCore, runId: string) =>
  until(() => t.call('check.get', { runId }), (run) => run.state !== 'running');

/** The error a refused call answered with: its status and message. */
async function refusal<N extends CallName>(t: TestCore, name: N, input: CallInput<N>): Promise<string> {
  return t.call(name, input).then(
    (answer: CallOutput<N>) => `not refused: ${JSON.stringify(answer)}`,
    (error: Error) => error.message,
  );
}

const few = ['rejects-forgeries', 'acknowledges/gift-cards-payout-processing-payout', 'ignores-unknown/payout-event'];

describeEachEngine('the Check view’s control calls', (engine) => {
  it('runs the check with the core’s secret, streams each case as graded, one run at a time, and keeps runs across a restart', async () => {
    const target = await handler('skips-signature');
    const location = await storeLocation(engine);
    const dataDir = tempDataDir();
    let t = await startTestCore({ dataDir, store: location, secret });
    cores.push(t);
    const events = await subscribe(t, 'check.changed');

    const started = await t.call('check.start', { url: target.url, only: few });
    expect(started).toMatchObject({ state: 'running', total: 12, target: target.url });
    expect(started.secretFingerprint).toBe(t.core.signingSecret().fingerprint);
    expect(await refusal(t, 'check.start', { url: target.url })).toMatch(/^check\.start: 409 .*already running/);

    const run = await finished(t, started.id);
    expect(run.state).toBe('finished');
    // Security failures first, then the passes.
    expect(run.results.map((r) => r.verdict)).toEqual([...Array(10).fill('security-failure'), 'pass', 'pass']);
    expect(run.counts).toEqual({ pass: 2, fail: 0, 'security-failure': 10 });
    const live = await until(async () => events.received.filter((e) => e.runId === started.id && e.result !== null), (e) => e.length === 12);
    expect(live.map((e) => e.result!.id)).toEqual(expect.arrayContaining(run.results.map((r) => r.id)));
    const opened = run.results.find((r) => r.id === 'rejects-forgeries/wrong-secret')!;
    expect(opened.exchanges[0]!.request.headers.map(([name]) => name)).toContain('X-Service-Signature');
    expect(opened.exchanges[0]!.response).toMatchObject({ status: 200, body: '200' });
    // The secret is never sent to the UI: only its fingerprint.
    expect(JSON.stringify(run)).not.toContain(secret);

    const again = await t.call('check.resend', { runId: run.id, caseId: 'acknowledges/gift-cards-payout-processing-payout' });
    expect(again).toMatchObject({ verdict: 'pass', resentAt: expect.any(String) });

    const kept = await t.call('check.keep', { runId: run.id });
    expect(kept.keptAt).not.toBeNull();
    events.stop();
    await t.stop();
    cores.splice(0);

    t = await startTestCore({ dataDir, store: location, secret });
    cores.push(t);
    const list = await t.call('check.list', {});
    expect(list.current).toBeNull();
    expect(list.kept.map((r) => r.id)).toEqual([run.id]);
    const reread = await t.call('check.get', { runId: run.id });
    expect(reread.results.map((r) => [r.id, r.verdict])).toEqual(run.results.map((r) => [r.id, r.verdict]));
    expect((await t.call('check.drop', { runId: run.id })).kept).toEqual([]);
  });

  it('also sends stored deliveries, each exact body signed again with the secret, and refuses one it cannot send before sending anything', async () => {
    const target = await handler('none');
    const t = await startTestCore({ store: await storeLocation(engine), secret });
    cores.push(t);
    // Signed by the account with another secret than the handler's: only a new signature makes it pass.
    const giftCard = giftCardBody({ recipient_email: 'stored@example.com' });
    expect((await post(`${t.receiverUrl}/webhooks`, giftCard, serviceHeaders(giftCard, 'the-account-secret'))).status).toBe(200);
    expect((await post(`${t.receiverUrl}/webhooks`, 'ping', { 'Content-Type': 'text/plain' })).status).toBe(200);
    const { items } = await until(() => t.call('deliveries.list', { limit: 10 }), (list) => list.items.length === 2);
    const storedId = items.find((d) => d.form === 'gift_cards')!.id;
    const pingId = items.find((d) => d.id !== storedId)!.id;

    const only = ['ignores-unknown/payout-event'];
    expect(await refusal(t, 'check.start', { url: target.url, only, deliveryIds: [storedId, 999] })).toMatch(/^check\.start: 400 .*no delivery 999 is stored/);
    expect(await refusal(t, 'check.start', { url: target.url, only, deliveryIds: [pingId] })).toMatch(
      new RegExp(`^check\\.start: 400 .*delivery ${pingId} is not one of the service's \\(a \\w+ body\\), so no answer to it is wrong`),
    );
    expect(await refusal(t, 'check.start', { url: target.url, deliveryIds: [0] })).toMatch(/^check\.start: 400 /);
    expect(await refusal(t, 'check.start', { url: target.url, deliveryIds: Array.from({ length: storedDeliveryLimit + 1 }, (_, i) => i + 1) })).toMatch(/^check\.start: 400 /);
    expect(target.answered()).toBe(0);
    expect((await t.call('check.list', {})).current).toBeNull();

    const started = await t.call('check.start', { url: target.url, only, deliveryIds: [storedId] });
    expect(started.total).toBe(2);
    const run = await finished(t, started.id);
    const result = run.results.find((r) => r.id === `acknowledges/stored-${storedId}`)!;
    expect(result).toMatchObject({ category: 'acknowledges', expect: 'acknowledge', verdict: 'pass' });
    expect(result.title).toMatch(new RegExp(`^stored delivery ${storedId} \\(gift_cards \\S+\\)`));
    expect(target.bodies.filter((body) => body.equals(giftCard))).toHaveLength(1);
    expect(target.taken).toHaveLength(2);

    // Sent again on its own: the same stored bytes.
    expect(await t.call('check.resend', { runId: run.id, caseId: result.id })).toMatchObject({ verdict: 'pass', resentAt: expect.any(String) });
    expect(target.bodies.filter((body) => body.equals(giftCard))).toHaveLength(2);
  });
});

describe('the Check view’s control calls on a personal inspector', () => {
  it('stops a run against a handler that is not running at its first case, with one message and no case graded; the root causes come with a run', async () => {
    const t = await startTestCore({ secret });
    cores.push(t);
    const port = await unusedPort();
    const started = await t.call('check.start', { url: `http://127.0.0.1:${port}/webhooks` });
    const stopped = await finished(t, started.id);
    expect(stopped).toMatchObject({ state: 'failed', results: [], counts: { pass: 0, fail: 0, 'security-failure': 0 } });
    expect(stopped.error).toMatch(/^Nothing answers at 127\.0\.0\.1:\d+ \(connection refused\): is your handler running.* No case was graded\.$/);

    const reserialises = await handler('reserialises-json');
    const graded = await finished(t, (await t.call('check.start', { url: reserialises.url, only: ['rejects-forgeries', 'awkward-payloads'] })).id);
    expect(graded.causes.map((c) => c.id)).toEqual(['signature-over-reserialised-json']);
    expect(graded.results.filter((r) => r.verdict !== 'pass').every((r) => r.cause === 'signature-over-reserialised-json' && r.fix !== null)).toBe(true);
  });

  it('says how to set a secret when none is in force, and keeps at most ten runs with bodies capped', async () => {
    const target = await handler('none');
    const t = await startTestCore({});
    cores.push(t);
    expect(await refusal(t, 'check.start', { url: target.url })).toMatch(/^check\.start: 409 .*no signing secret is set.*Settings/);
    await t.call('settings.setSecret', { secret });
    const ids: string[] = [];
    for (let i = 0; i <= keptRunLimit; i++) {
      const started = await t.call('check.start', { url: target.url, only: ['awkward-payloads/large-body'] });
      const run = await finished(t, started.id);
      const exchange = run.results[0]!.exchanges[0]!;
      expect(exchange.request.bodySize).toBeGreaterThan(500 * 1024);
      expect(exchange.request).toMatchObject({ bodyTruncated: true });
      expect(exchange.request.body.length).toBeLessThanOrEqual(64 * 1024);
      if (i < keptRunLimit) ids.push((await t.call('check.keep', { runId: run.id })).id);
      else expect(await refusal(t, 'check.keep', { runId: run.id })).toMatch(/^check\.keep: 409 .*10 runs are kept already/);
    }
    expect((await t.call('check.list', {})).kept.map((r) => r.id)).toEqual(ids.reverse());
  });
});

describe('closing the inspector during a run', () => {
  it('stops the run at the case being sent, instead of failing every case left', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const target = await startHandler(secret, 'none', { hold: { after: 2, until: held } });
    handlers.push(target);
    const logs: string[] = [];
    const t = await startTestCore({ secret, logger: humanLogger((line) => logs.push(line)) });
    const started = await t.call('check.start', { url: target.url });
    await until(() => t.call('check.get', { runId: started.id }), (run) => run.results.length === 2);
    await t.stop();
    release();
    expect(logs).toContain(`check: the run against ${target.url} stopped (the inspector is closing)`);
    expect(target.answered()).toBe(2);
  });
});

describe('the Check view’s control calls on a team server', () => {
  it('lets a member start a run and not a viewer; a viewer reads it', async () => {
    const target = await handler('none');
    const cluster = await testPostgres();
    const store = await cluster.createDatabase('check_team');
    const viewer = await createTeamUser(store, 'viewer-user', 'viewer');
    const member = await createTeamUser(store, 'member-user', 'member');
    const t = await startTestCore({ store, team: {}, secret, allowTargets: ['127.0.0.1'] });
    cores.push(t);
    const origin = t.core.urls.uiOrigin;
    // Below admin a run signs with the secret the handler verifies with, given with it: never the team's.
    const start = { url: target.url, only: ['ignores-unknown'], secret };
    const refused = await callAs(origin, viewer, 'check.start', start);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toEqual({ error: 'check.start needs the member role; you are viewer' });
    const unsigned = await callAs(origin, member, 'check.start', { ...start, secret: undefined });
    expect(unsigned.status, unsigned.body).toBe(400);
    expect(JSON.parse(unsigned.body)).toEqual({ error: "give the secret your handler verifies with: on a team server the team's signing secret signs an admin's run only" });
    const answer = await callAs(origin, member, 'check.start', start);
    expect(answer.status, answer.body).toBe(200);
    const runId = (JSON.parse(answer.body) as { id: string }).id;
    const run = await until(async () => JSON.parse((await callAs(origin, viewer, 'check.get', { runId })).body) as { state: string; counts: Record<string, number> }, (r) => r.state !== 'running');
    expect(run).toMatchObject({ state: 'finished', counts: { pass: 5, fail: 0, 'security-failure': 0 } });
    expect((await callAs(origin, viewer, 'check.keep', { runId })).status).toBe(403);
  });
});
