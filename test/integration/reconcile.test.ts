import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SimAccount, startSimulator, type Simulator } from 'payout-simulator';
import { reconcileClasses, ReconcileRun, type ReconcileRow } from '../../src/shared/reconcile';
import { builtCli } from '../support/cli-process';
import { undocumentedKeys } from '../support/reconcile-format';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { describeEachEngine, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { unusedPort } from '../support/unused-port';
import { until } from '../support/until';
import { defaultResponsePolicy } from '../../src/shared/policy';

const execFileAsync = promisify(execFile);
const apiToken = 'sim_token_reconcile';
const secret = 'whsec_reconcile_test_secret';
/** 90 minutes of retries take 1.5 s: every event the service gives up on is given up on within the test. */
const timeScale = 3600;
const simulatorReadTimeoutMs = 1_000;
const cryptoEvents = ['payout.quote_created', 'payout.quote_confirmed', 'payout.status_changed', 'payout.terminal_state', 'payout.processing', 'payout.failed'];

interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

describeEachEngine('reconcile against the simulator, with faults made on purpose', (engine) => {
  let sim: Simulator;
  let core: TestCore | null = null;
  let dataDir: string;
  let location: string | undefined;
  let port: number;
  const startedAt = new Date().toISOString();
  /** Payout uuid by the name each recipient was given below. */
  const payouts = new Map<string, string>();
  let stoppedAt = 0;
  let restartedAt = 0;

  const startCore = () => startTestCore({ dataDir, store: location, httpsPort: port, secret, simulator: false });

  async function createOrder(label: string, recipients: Array<{ name: string; scenario: string; skip_events?: string[]; api_final_status?: string }>) {
    const campaign = sim.world.campaigns.find((c) => c.payout_type === 'crypto' && c.status === 'active')!;
    const res = await fetch(`${sim.apiUrl}/api/payout-orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Token': apiToken },
      body: JSON.stringify({
        campaign_id: campaign.uuid,
        wallet_currency: campaign.wallet_currency,
        callback_url: `https://127.0.0.1:${port}/hook`,
        recipients: recipients.map((r) => ({ ...r, email: `${r.name}@reconcile.test`, amount: '10.00', currency: campaign.wallet_currency })),
      }),
    });
    const order = (await res.json()) as { uuid: string; recipients: Array<{ email: string; payout_uuid: string }>; message?: string };
    expect(res.status, `${label}: ${order.message}`).toBe(201);
    for (const r of order.recipients) payouts.set(r.email.split('@')[0]!, r.payout_uuid);
    // Every webhook of it delivered, abandoned or permanently failed.
    await sim.dispatcher.idle();
  }

  async function cli(args: string[]): Promise<CliRun> {
    const { WEBHOOK_INSPECTOR_STORE: _inherited, ...environment } = process.env;
    const env = { ...environment, WEBHOOK_INSPECTOR_API_TOKEN: apiToken };
    const store = location === undefined ? [] : ['--store', location];
    try {
      const { stdout, stderr } = await execFileAsync(process.execPath, [builtCli, 'reconcile', '--data-dir', dataDir, ...store, ...args], { env, maxBuffer: 64 * 1024 * 1024 });
      return { code: 0, stdout, stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
    }
  }

  beforeAll(async () => {
    dataDir = tempDataDir();
    location = await storeLocation(engine);
    port = await unusedPort();
    core = await startCore();
    sim = await startSimulator({
      account: new SimAccount(apiToken, secret),
      seed: 41,
      timeScale,
      trustedFingerprint: core.core.certificateFingerprint,
      behaviour: { duplicateRate: 0, reorderRate: 0, unknownEventRate: 0 },
    });

    // 1. The receiver answers 200: one agrees; the simulator skips one's terminal event (the API moves on after the last
    //    webhook: behind); one's API record ends at a status the spec does not list after a terminal webhook
    //    (contradicts); one's every event is skipped (never heard: no attempt reached the receiver).
    await createOrder('order 1', [
      { name: 'agrees', scenario: 'crypto_same_currency_completed' },
      { name: 'behind', scenario: 'crypto_same_currency_completed', skip_events: ['payout.terminal_state'] },
      { name: 'contradicts', scenario: 'crypto_same_currency_completed', api_final_status: 'reversed' },
      { name: 'skipped', scenario: 'crypto_failed', skip_events: cryptoEvents },
    ]);

    // 2. The policy answers 422 to every delivery of the next order: abandoned at once (spec 7).
    await core.call('settings.setPolicy', { ...defaultResponsePolicy, status: 422 });
    await createOrder('order 2', [{ name: 'refused', scenario: 'crypto_failed' }]);
    // A 500 and a 302 to every attempt: retried (spec 7, 8) until permanently failed.
    await core.call('settings.setPolicy', { ...defaultResponsePolicy, status: 500 });
    await createOrder('order 2b', [{ name: 'retried', scenario: 'crypto_failed' }]);
    await core.call('settings.setPolicy', { ...defaultResponsePolicy, status: 302 });
    await createOrder('order 2c', [{ name: 'redirected', scenario: 'crypto_failed' }]);
    // Signatures that are not valid, which the policy refuses (401).
    await core.call('settings.setPolicy', { ...defaultResponsePolicy, rejectInvalidSignature: true });
    sim.dispatcher.configure({ faults: { wrong_signature: true } });
    await createOrder('order 2d', [{ name: 'badsignature', scenario: 'crypto_failed' }]);
    sim.dispatcher.configure({ faults: {} });
    // Answers later than the sender waits: a 200 after 1.4 s to a simulator whose read timeout is 1 s (the service's is
    // 10 s; `reconcile --read-timeout` is told the simulator's), a failure it retries (spec 7, 8). One event only, so
    // that its 8 attempts take 8 s.
    await core.call('settings.setPolicy', { ...defaultResponsePolicy, delayMs: 1_400 });
    sim.dispatcher.configure({ readTimeoutMs: simulatorReadTimeoutMs });
    await createOrder('order 2e', [{ name: 'late', scenario: 'crypto_failed', skip_events: ['payout.quote_created'] }]);
    sim.dispatcher.configure({ readTimeoutMs: 10_000 });
    await core.call('settings.setPolicy', defaultResponsePolicy);

    // The service's retry windows of those payouts have passed, so that none reaches into the stop below.
    const windowMs = (90 * 60_000) / timeScale;
    await until(
      async () => Date.now(),
      (now) => [...payouts.values()].every((uuid) => Date.parse(sim.world.payouts().find((p) => p.uuid === uuid)!.updated_at) + windowMs < now),
    );

    // 3. The inspector stops: the next order's attempts find no receiver, all 8, then it starts again.
    stoppedAt = Date.now();
    await core.stop();
    core = null;
    await createOrder('order 3', [{ name: 'down', scenario: 'crypto_expired' }]);
    restartedAt = Date.now();
    core = await startCore();

    // 4. Forged deliveries: a gift card of an order the API does not list, signed with another secret.
    for (const status of ['sent', 'viewed']) {
      const body = giftCardBody({ status, payout_order_uuid: '99999999-9999-4999-8999-999999999999', recipient_uuid: '88888888-8888-4888-8888-888888888888' });
      const answer = await post(`${core.receiverUrl}/hook`, body, serviceHeaders(body, 'whsec_not_the_account_secret'));
      expect(answer.status).toBe(200);
    }
  }, 180_000);

  afterAll(async () => {
    await core?.stop();
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the command gives each payout the class and the reasons arranged, and exits 1', async () => {
    const run = await cli(['--json', '--since', startedAt, '--api', sim.apiUrl, '--time-scale', String(timeScale), '--read-timeout', String(simulatorReadTimeoutMs)]);
    expect(run.code, run.stderr).toBe(1);
    const output: unknown = JSON.parse(run.stdout);
    // The format as docs/formats/reconcile-json.md documents it: the schema reads it whole, every key named there.
    const result = ReconcileRun.parse(output);
    expect(result).toEqual(output);
    expect(undocumentedKeys(output)).toEqual([]);
    expect(result.state).toBe('done');
    const byName = (name: string): ReconcileRow => {
      const row = result.rows.find((r) => r.payout?.uuid === payouts.get(name));
      expect(row, name).toBeDefined();
      return row!;
    };
    const shape = (name: string) => {
      const row = byName(name);
      return { class: row.class, missing: row.missingEvents, retry: row.retry?.state ?? null, reasons: row.reasons.map((r) => r.kind) };
    };
    expect(shape('agrees')).toEqual({ class: 'agrees', missing: [], retry: null, reasons: [] });
    expect(shape('behind')).toEqual({ class: 'behind', missing: ['payout.terminal_state (completed)'], retry: 'beyond', reasons: ['no_attempt'] });
    expect(shape('contradicts')).toEqual({ class: 'contradicts', missing: [], retry: null, reasons: [] });
    expect(byName('contradicts').summary).toBe('a terminal webhook says completed, the API says reversed');
    expect(byName('contradicts').notes.join(' ')).toContain('"reversed" is not one the spec lists');
    expect(shape('skipped')).toEqual({ class: 'never_heard', missing: ['payout.quote_created', 'payout.terminal_state (failed)'], retry: 'beyond', reasons: ['no_attempt'] });

    const refused = byName('refused');
    expect(shape('refused')).toEqual({ class: 'never_heard', missing: ['payout.quote_created', 'payout.terminal_state (failed)'], retry: 'beyond', reasons: ['answered_4xx'] });
    expect(refused.reasons[0]).toMatchObject({ status: 422, rule: 'policy: answer 422' });
    expect(refused.retry!.text).toContain('abandoned at the 4xx');

    expect(shape('retried')).toMatchObject({ class: 'never_heard', retry: 'beyond', reasons: ['answered_5xx'] });
    expect(byName('retried').reasons[0]).toMatchObject({ status: 500, rule: 'policy: answer 500' });
    expect(byName('retried').reasons[0]!.deliveryIds.length).toBeGreaterThanOrEqual(8);
    expect(shape('redirected')).toMatchObject({ class: 'never_heard', retry: 'beyond', reasons: ['answered_3xx'] });
    expect(byName('redirected').reasons[0]).toMatchObject({ status: 302, rule: 'policy: answer 302' });
    expect(shape('badsignature')).toMatchObject({ class: 'never_heard', retry: 'beyond', reasons: ['signature_rejected'] });
    expect(byName('badsignature').reasons[0]).toMatchObject({ status: 401, rule: 'policy: reject signatures that are not valid (invalid)' });

    expect(shape('late')).toEqual({ class: 'never_heard', missing: ['payout.quote_created', 'payout.terminal_state (failed)'], retry: 'beyond', reasons: ['answered_late'] });
    const late = byName('late').reasons[0]!;
    expect(late).toMatchObject({ status: 200 });
    expect(late.deliveryIds.length).toBeGreaterThanOrEqual(8);
    expect(late.text).toMatch(/only after 1\.\d s( to 1\.\d s)?: later than the service waits \(1 s, spec 8\)/);
    expect(result.readTimeoutMs).toBe(simulatorReadTimeoutMs);

    const down = byName('down');
    expect(shape('down')).toEqual({ class: 'never_heard', missing: ['payout.quote_created', 'payout.terminal_state (expired)'], retry: 'beyond', reasons: ['receiver_down'] });
    const gap = down.reasons[0]!;
    expect(Date.parse(gap.from!)).toBeGreaterThanOrEqual(stoppedAt);
    expect(Date.parse(gap.from!)).toBeLessThanOrEqual(restartedAt);
    expect(Date.parse(gap.to!)).toBeGreaterThanOrEqual(restartedAt - 1);
    expect(Date.parse(gap.to!)).toBeLessThanOrEqual(Date.now());
    expect(down.retry!.text).toContain("permanently failed: re-send from the service's dashboard");

    const forged = result.rows.filter((r) => r.class === 'unknown_to_api');
    expect(forged).toHaveLength(1);
    expect(forged[0]).toMatchObject({ orderUuid: '99999999-9999-4999-8999-999999999999', signatures: { invalid: 2 } });
    expect(forged[0]!.deliveryIds).toHaveLength(2);

    // Only the payouts made here changed since the start; the seeded history is older.
    expect(result.counts).toEqual({ agrees: 1, behind: 1, contradicts: 1, never_heard: 7, unknown_to_api: 1 });
    expect(result.beyondRetryWindow).toBe(8);

    // The text names the same classes and reasons.
    const text = await cli(['--since', startedAt, '--api', sim.apiUrl, '--time-scale', String(timeScale), '--read-timeout', String(simulatorReadTimeoutMs)]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('agrees 1 · behind 1 · contradicts 1 · never heard 7 · unknown to the api 1');
    expect(text.stdout).toMatch(/why: the receiver answered 422 to payout\.quote_created \(in_progress\), .*payout\.terminal_state \(failed\) \(#\d+, .*\) by the rule "policy: answer 422"/);
    expect(text.stdout).toContain('why: the receiver was not running from');
    expect(text.stdout).toContain(`since the run of ${result.startedAt}: 0 changed`);
  }, 120_000);

  it('the core runs it on demand, keeps each run, and the next run says what changed since', async () => {
    await core!.call('settings.setService', { connection: { mode: 'service', baseUrl: sim.apiUrl }, apiToken });
    const started = await core!.call('reconcile.start', { since: startedAt });
    expect(started.state).toBe('running');
    const listed = await until(
      () => core!.call('reconcile.list', {}),
      (l) => l.current === null && l.runs[0]?.id === started.id,
      90_000,
    );
    const summary = listed.runs[0]!;
    expect(summary).toMatchObject({ state: 'done', trigger: 'manual', readTimeoutMs: 10_000, counts: { agrees: 2, behind: 1, contradicts: 1, never_heard: 6, unknown_to_api: 1 } });
    expect(summary.progress.payouts.pagesDone).toBe(summary.progress.payouts.totalPages);
    // The same classes as the command's run but one (the 90-minute window of a real service keeps these within it,
    // which is not a change of class): the core weighs answers against the service's own 10 s, within which the
    // 1.4 s answers came, so that payout was heard.
    expect(summary.changes).toMatchObject({ changedCount: 1, changed: [{ id: `payout:${payouts.get('late')}`, from: 'never_heard', to: 'agrees' }] });
    const run = await core!.call('reconcile.get', { runId: started.id });
    expect(run.rows).toHaveLength(11);
    for (const c of reconcileClasses) expect(run.rows.some((r) => r.class === c), c).toBe(true);

    // The next payouts: a new one that agrees moves nothing else, and the change is said.
    await createOrder('order 4', [{ name: 'later', scenario: 'crypto_same_currency_completed' }]);
    const next = await core!.call('reconcile.start', { since: startedAt });
    await until(
      () => core!.call('reconcile.list', {}),
      (l) => l.current === null && l.runs[0]?.id === next.id,
      90_000,
    );
    const after = await core!.call('reconcile.get', {});
    expect(after.id).toBe(next.id);
    expect(after.changes).toMatchObject({ previousRunId: started.id, changedCount: 1, changed: [{ id: `payout:${payouts.get('later')}`, from: null, to: 'agrees' }] });
  }, 240_000);
  it("a relay source that cannot reach its relay is a reason, from its recorded state, while it lasts", async () => {
    const relayPort = await unusedPort();
    await core!.call('sources.set', { url: `http://127.0.0.1:${relayPort}`, token: 'wir_reconcile_test', fingerprint: null });
    await until(() => core!.call('status.get', {}), (s) => s.sources[0]?.state === 'disconnected');
    const outageFrom = Date.now();
    await createOrder('order 5', [{ name: 'relayed', scenario: 'crypto_failed', skip_events: cryptoEvents }]);
    const run = await cli(['--json', '--since', new Date(outageFrom - 1000).toISOString(), '--api', sim.apiUrl, '--time-scale', String(timeScale), '--read-timeout', String(simulatorReadTimeoutMs)]);
    await core!.call('sources.clear', {});
    expect(run.code, run.stderr).toBe(1);
    const row = ReconcileRun.parse(JSON.parse(run.stdout)).rows.find((r) => r.payout?.uuid === payouts.get('relayed'))!;
    expect(row.class).toBe('never_heard');
    const reason = row.reasons.find((r) => r.kind === 'relay_source_down');
    expect(reason, JSON.stringify(row.reasons)).toBeDefined();
    expect(reason!.text).toContain(`relay:127.0.0.1:${relayPort}`);
    expect(Date.parse(reason!.from!)).toBeLessThanOrEqual(Date.parse(row.payout!.updatedAt!));
  }, 120_000);
  it('the MCP tool reconcile_payouts gives the newest finished run, its rows of the classes asked for, marked untrusted', async () => {
    const { WEBHOOK_INSPECTOR_STORE: _inherited, ...environment } = process.env;
    const env = Object.fromEntries(
      Object.entries(location === undefined ? environment : { ...environment, WEBHOOK_INSPECTOR_STORE: location }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const transport = new StdioClientTransport({ command: process.execPath, args: [builtCli, 'mcp', '--data-dir', dataDir], env, stderr: 'pipe' });
    const client = new Client({ name: 'webhook-inspector-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'reconcile_payouts', arguments: { classes: ['never_heard'] } });
      expect(result.isError).toBeFalsy();
      const answer = result.structuredContent as { untrusted: string; data: { id: string; rows: ReconcileRow[]; rowsMatching: number } };
      expect(answer.untrusted).toMatch(/^UNTRUSTED DATA/);
      const latest = await core!.call('reconcile.get', {});
      expect(answer.data.id).toBe(latest.id);
      const expected = latest.rows.filter((r) => r.class === 'never_heard').map((r) => r.id);
      expect(expected.length).toBeGreaterThan(0);
      expect(answer.data.rows.map((r) => r.id)).toEqual(expected);
      expect(answer.data.rowsMatching).toBe(expected.length);
    } finally {
      await client.close();
    }
  }, 60_000);
});
