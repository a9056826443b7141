import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServe } from '../support/cli-process';
import { startTestCore, tempDataDir, type TestCore } from '../support/core-fixture';
import { until } from '../support/until';

const sha256Prefix = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);
const usersSecret = 'whsec_the_users_own_secret_0123456789';

describe('the embedded simulator’s credentials', () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('are given to the UI, and work against its API; the top bar’s fingerprint is its secret’s', async () => {
    t = await startTestCore({ simulator: {} });
    const account = JSON.parse(readFileSync(join(t.dataDir, 'simulator-account.json'), 'utf8')) as { apiToken: string; signingSecret: string };
    const state = await t.call('simulator.state', {});
    if (!state.running) throw new Error('the simulator is not running');
    expect(state.credentials).toEqual({
      apiToken: account.apiToken,
      signsWith: 'own',
      signingSecret: account.signingSecret,
      signingSecretFingerprint: sha256Prefix(account.signingSecret),
    });
    expect((await t.call('status.get', {})).secret).toEqual({ set: true, storage: 'simulator', fingerprint: sha256Prefix(account.signingSecret) });

    const listed = await fetch(`${state.apiUrl}/api/webhooks`, { headers: { 'X-Api-Token': state.credentials!.apiToken } });
    expect(await listed.json()).toEqual({ webhooks: [{ signature: state.credentials!.signingSecret }] });
  });

  it('with a secret of the user’s, sign with it, so demo deliveries verify; that secret is only ever shown by its fingerprint', async () => {
    t = await startTestCore({ simulator: { timeScale: 3600 }, secret: usersSecret });
    const status = await t.call('status.get', {});
    expect(status.secret).toEqual({ set: true, storage: 'memory', fingerprint: sha256Prefix(usersSecret) });
    const state = await t.call('simulator.state', {});
    if (!state.running) throw new Error('the simulator is not running');
    expect(state.credentials).toMatchObject({ signsWith: 'yours', signingSecret: null, signingSecretFingerprint: sha256Prefix(usersSecret) });
    expect(JSON.stringify([status, state])).not.toContain(usersSecret);

    await t.call('simulator.createDemoOrder', {});
    const done = await until(
      () => t!.call('simulator.state', {}),
      (s) => s.running && s.events.length > 0 && s.counts.pending === 0,
    );
    const list = await t.call('deliveries.list', { filter: {}, limit: 500 });
    expect(list.total).toBe(done.running ? done.events.length : -1);
    for (const item of list.items) expect(item.signature, `delivery ${item.id}`).toBe('valid');
    // Its own secret stays its own: the user's is never written into its account.
    expect(readFileSync(join(t.dataDir, 'simulator-account.json'), 'utf8')).not.toContain(usersSecret);

    await t.call('settings.setSecret', { secret: `${usersSecret}-changed` });
    const changed = await t.call('simulator.state', {});
    expect(changed.running && changed.credentials!.signingSecretFingerprint).toBe(sha256Prefix(`${usersSecret}-changed`));
  });

  it('after the user’s secret is cleared in Settings, are the simulator’s own again', async () => {
    t = await startTestCore({ simulator: {} });
    await t.call('settings.setSecret', { secret: usersSecret });
    expect(await t.call('simulator.state', {})).toMatchObject({ credentials: { signsWith: 'yours', signingSecret: null } });
    await t.call('settings.clearSecret', {});
    const state = await t.call('simulator.state', {});
    if (!state.running) throw new Error('the simulator is not running');
    expect(state.credentials!.signsWith).toBe('own');
    expect(state.credentials!.signingSecretFingerprint).toBe((await t.call('status.get', {})).secret.fingerprint);
  });
});

describe('serve', () => {
  it('says where the simulator’s credentials are and which signing secret is in force, by fingerprint only', async () => {
    const dataDir = tempDataDir();
    try {
      const withSecret = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret', usersSecret]);
      expect(withSecret.lines['Signing secret']).toBe(`sha256:${sha256Prefix(usersSecret)} (from --secret; the simulator signs with it too)`);
      expect(withSecret.lines['Simulator API']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(withSecret.lines['Simulator credentials']).toBe("its API token and signing secret are in the UI's Simulator view");
      expect(JSON.stringify(withSecret.lines)).not.toContain(usersSecret);
      withSecret.child.kill('SIGTERM');
      expect(await withSecret.exited).toBe(0);

      const own = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0']);
      const account = JSON.parse(readFileSync(join(dataDir, 'simulator-account.json'), 'utf8')) as { apiToken: string; signingSecret: string };
      expect(own.lines['Signing secret']).toBe(`sha256:${sha256Prefix(account.signingSecret)} (the simulator's own)`);
      expect(JSON.stringify(own.lines)).not.toContain(account.signingSecret);
      expect(JSON.stringify(own.lines)).not.toContain(account.apiToken);
      own.child.kill('SIGTERM');
      expect(await own.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
