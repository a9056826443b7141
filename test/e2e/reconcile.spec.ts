import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallInput, CallName, CallOutput } from '../../src/shared/contract';
import { defaultResponsePolicy } from '../../src/shared/policy';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { unusedPort } from '../support/unused-port';
import { docsPicture } from './docs-picture';
import { expect, test } from './fixtures';

test.use({ simulator: true });

const cryptoEvents = ['payout.quote_created', 'payout.quote_confirmed', 'payout.status_changed', 'payout.terminal_state', 'payout.processing', 'payout.failed'];

/** `datetime-local`'s value for a time, in this machine's zone (the browser's). */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

test('the Reconcile view: counts per class, rows filtered by class with their reasons and links, and the top bar line', { tag: '@docs' }, async ({ inspector, page }) => {
  test.setTimeout(240_000);
  const since = localInput(Date.now() - 60_000);
  const ui = new URL(inspector.uiUrl);
  const token = ui.searchParams.get('token')!;
  const rpc = async <N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> => {
    const res = await fetch(`${ui.origin}/rpc/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body: unknown = await res.json();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    return body as CallOutput<N>;
  };
  const status = await rpc('status.get', {});
  const api = status.service.baseUrl!;
  const apiToken = (JSON.parse(readFileSync(join(inspector.dataDir, 'simulator-account.json'), 'utf8')) as { apiToken: string }).apiToken;
  const simulatorIdle = () => expect.poll(async () => {
    const state = await rpc('simulator.state', {});
    return state.running ? state.counts.pending : -1;
  }, { timeout: 90_000 }).toBe(0);
  const order = async (recipients: Array<{ name: string; scenario: string; skip_events?: string[]; api_final_status?: string }>) => {
    const campaigns = (await (await fetch(`${api}/api/campaigns?limit=20`, { headers: { 'X-Api-Token': apiToken } })).json()) as Array<{ uuid: string; payout_type: string; status: string; wallet_currency: string }>;
    const campaign = campaigns.find((c) => c.payout_type === 'crypto' && c.status === 'active')!;
    const res = await fetch(`${api}/api/payout-orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Api-Token': apiToken },
      body: JSON.stringify({
        campaign_id: campaign.uuid,
        wallet_currency: campaign.wallet_currency,
        callback_url: `${inspector.receiverUrl}/hook`,
        recipients: recipients.map((r) => ({ ...r, email: `${r.name}@example.com`, amount: '10.00', currency: campaign.wallet_currency })),
      }),
    });
    expect(res.status).toBe(201);
    await simulatorIdle();
  };

  await rpc('simulator.configure', { duplicateRate: 0, reorderRate: 0, unknownEventRate: 0 });
  await order([
    { name: 'ada', scenario: 'crypto_same_currency_completed' },
    { name: 'grace', scenario: 'crypto_same_currency_completed', skip_events: ['payout.terminal_state'] },
    { name: 'alan', scenario: 'crypto_same_currency_completed', api_final_status: 'reversed' },
    { name: 'edsger', scenario: 'crypto_failed', skip_events: cryptoEvents },
  ]);
  await rpc('settings.setPolicy', { ...defaultResponsePolicy, status: 422 });
  await order([{ name: 'barbara', scenario: 'crypto_failed' }]);
  // Signatures that are not valid, refused by the policy (401): abandoned at once as well.
  await rpc('settings.setPolicy', { ...defaultResponsePolicy, rejectInvalidSignature: true });
  const simulator = await rpc('simulator.state', {});
  if (!simulator.running) throw new Error('the embedded simulator is not running');
  const { faults } = simulator.behaviour;
  await rpc('simulator.configure', { faults: { ...faults, wrong_signature: true } });
  await order([{ name: 'donald', scenario: 'crypto_failed' }]);
  await rpc('simulator.configure', { faults });
  await rpc('settings.setPolicy', defaultResponsePolicy);
  // A relay source that cannot reach its relay while the service moves a payout on that sends nothing here.
  await rpc('sources.set', { url: `http://127.0.0.1:${await unusedPort()}`, token: 'wir_reconcile_view', fingerprint: null });
  await expect.poll(async () => (await rpc('status.get', {})).sources[0]?.state, { timeout: 60_000 }).toBe('disconnected');
  await order([{ name: 'radia', scenario: 'crypto_failed', skip_events: cryptoEvents }]);
  await rpc('sources.clear', {});
  const forged = giftCardBody({ payout_order_uuid: '99999999-9999-4999-8999-999999999999' });
  expect(await inspector.deliver('/hook', forged, serviceHeaders(forged, 'whsec_someone_else'))).toBe(200);

  await page.goto(`${inspector.uiUrl}#/reconcile`);
  await expect(page.getByTestId('reconcile-empty')).toBeVisible();
  await page.getByTestId('reconcile-since').fill(since);
  await page.getByTestId('reconcile-run').click();
  await expect(page.getByTestId('reconcile-progress')).toBeVisible();
  await expect(page.getByTestId('reconcile-run-line')).toBeVisible({ timeout: 120_000 });

  const counts = { agrees: 1, behind: 1, contradicts: 1, never_heard: 4, unknown_to_api: 1 };
  for (const [klass, n] of Object.entries(counts)) await expect(page.getByTestId(`reconcile-count-${klass}`)).toHaveAttribute('data-count', String(n));
  await expect(page.getByTestId('reconcile-row')).toHaveCount(8);

  // The 4xx abandons an event at once: beyond the retry window, which the top bar says.
  await expect(page.getByTestId('reconcile-alert')).toContainText('2 payouts missing webhooks beyond the retry window');
  const refused = page.locator('[data-testid="reconcile-row"]', { hasText: 'barbara@example.com' });
  await expect(refused).toHaveAttribute('data-class', 'never_heard');
  // (Its retry window overlaps the relay source's outage below, which is a reason of its own.)
  const reason = (row: typeof refused, kind: string) => row.locator(`[data-testid="reconcile-reason"][data-kind="${kind}"]`);
  await expect(reason(refused, 'answered_4xx')).toContainText('policy: answer 422');
  await expect(refused.getByTestId('reconcile-retry')).toHaveAttribute('data-state', 'beyond');
  const silent = page.locator('[data-testid="reconcile-row"]', { hasText: 'edsger@example.com' });
  await expect(reason(silent, 'no_attempt')).toBeVisible();
  const rejected = page.locator('[data-testid="reconcile-row"]', { hasText: 'donald@example.com' });
  await expect(reason(rejected, 'signature_rejected')).toContainText('policy: reject signatures that are not valid');
  const relayed = page.locator('[data-testid="reconcile-row"]', { hasText: 'radia@example.com' });
  await expect(reason(relayed, 'relay_source_down')).toContainText('the relay source could not reach the relay');
  await expect(page.locator('[data-testid="reconcile-row"][data-class="unknown_to_api"]').getByTestId('reconcile-signatures')).toContainText('1 invalid');
  await docsPicture(page, 'reconcile.png');

  // Filtered by class: the behind row, its missing event, and its links to the lifecycle and the API's record.
  await page.getByTestId('reconcile-count-behind').click();
  await expect(page).toHaveURL(/#\/reconcile\?class=behind$/);
  const behind = page.getByTestId('reconcile-row');
  await expect(behind).toHaveCount(1);
  await expect(behind).toContainText('grace@example.com');
  await expect(behind.getByTestId('reconcile-missing')).toContainText('payout.terminal_state (completed)');
  await expect(behind.getByTestId('reconcile-retry')).toHaveAttribute('data-state', 'within');
  await expect(behind.getByTestId('reconcile-api-link')).toHaveAttribute('href', /#\/api\/payouts\?(page=\d+&)?limit=20$/);
  await page.getByTestId('reconcile-count-contradicts').click();
  await expect(page.getByTestId('reconcile-row')).toContainText('a terminal webhook says completed, the API says reversed');
  await page.getByTestId('reconcile-count-behind').click();
  await behind.getByTestId('reconcile-lifecycle-link').first().click();
  await expect(page).toHaveURL(/#\/lifecycles\/send%3A/);
});
