import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { startTestRelay, type TestRelay } from '../support/test-relay';
import { expect, test as base } from './fixtures';
import { SourcesSettings } from './pages/sources-settings';

/** A relay on its own PostgreSQL, shared by this file's tests (each opens its own channel), stopped at the end. */
const test = base.extend<{ sources: SourcesSettings }, { relay: TestRelay }>({
  relay: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const relay = await startTestRelay();
      await use(relay);
      await relay.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  sources: async ({ deliveriesPage }, use) => {
    await use(new SourcesSettings(deliveriesPage.page));
  },
});

test('Settings → Sources connects to a relay: the top bar reads connected and its deliveries arrive marked', async ({
  relay,
  sources,
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  const token = await relay.createChannel('laptop');
  const host = new URL(relay.url).host;
  await expect(sources.topBarHealth).toHaveCount(0);

  await sources.open();
  await sources.connect({ url: relay.url, token, fingerprint: relay.fingerprint });
  await expect(sources.topBarHealth).toContainText(host);
  await expect(sources.topBarHealth).toContainText('connected');
  await expect(sources.card.getByTestId('settings-source-health')).toHaveText('connected');
  await expect(sources.card.getByTestId('settings-source-token')).toHaveValue('');
  await expect(sources.card.getByTestId('settings-source-token-set')).toContainText('token set');
  expect(await page.content()).not.toContain(token);

  const body = giftCardBody({ recipient_email: 'via-relay@example.com' });
  expect(await relay.deliver('/c/laptop/webhooks', body, serviceHeaders(body))).toBe(200);
  await expect(sources.card.getByTestId('settings-source-stored')).toContainText('1 delivery brought');

  await page.getByTestId('nav-deliveries').click();
  const row = deliveriesPage.rows.first();
  await expect(row).toContainText('via-relay@example.com');
  await expect(row.getByTestId('source-mark')).toHaveText('relay');
  await deliveriesPage.select(row);
  await expect(deliveriesPage.detail.getByTestId('detail-request').getByTestId('source-mark')).toHaveText(`via relay ${host}`);

  await sources.open();
  await sources.disconnect();
  await expect(sources.topBarHealth).toHaveCount(0);
  await expect(sources.card.getByTestId('settings-source-now')).toContainText('no relay');
});

test('a wrong channel token reads "disconnected … refused the token" in the top bar', async ({ relay, sources, deliveriesPage }) => {
  await relay.createChannel('refusing');
  await sources.open();
  await sources.connect({ url: relay.url, token: 'wir_not_the_channel_token', fingerprint: relay.fingerprint });
  await expect(sources.topBarHealth).toHaveAttribute('data-state', 'disconnected');
  await expect(sources.topBarHealth).toContainText(/disconnected since \d\d:\d\d:\d\d\.\d{3}: the relay refused the token/);
  expect(await deliveriesPage.page.content()).not.toContain('wir_not_the_channel_token');
});
