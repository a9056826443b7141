import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { rotateChannelToken } from 'webhook-inspector-relay';
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

test('the answer to Connect, read while the source was still connecting, arrives after "connected" and changes nothing', async ({
  relay,
  sources,
}) => {
  const token = await relay.createChannel('late-answer');
  // Connect's answer and the events travel apart: hold the answer until the events have said "connected".
  let releaseAnswer!: () => void;
  const answerReleased = new Promise<void>((resolve) => (releaseAnswer = resolve));
  let heldAnswer = '';
  await sources.page.route('**/rpc/sources.set', async (route) => {
    const answer = await route.fetch();
    heldAnswer = await answer.text();
    await answerReleased;
    await route.fulfill({ response: answer });
  });

  await sources.open();
  await sources.connect({ url: relay.url, token, fingerprint: relay.fingerprint });
  await expect(sources.topBarHealth).toContainText('connected');
  expect(heldAnswer).toContain('"state":"connecting"');
  releaseAnswer();
  await expect(sources.card.getByTestId('settings-source-done')).toContainText(`Pulling from ${relay.url}`);
  await expect(sources.topBarHealth).toContainText('connected');
  await expect(sources.card.getByTestId('settings-source-health')).toHaveText('connected');
  await sources.disconnect();
  await expect(sources.topBarHealth).toHaveCount(0);
});

test('a wrong channel token reads "disconnected … refused the token" in the top bar', async ({ relay, sources, deliveriesPage }) => {
  await relay.createChannel('refusing');
  await sources.open();
  await sources.connect({ url: relay.url, token: 'wir_not_the_channel_token', fingerprint: relay.fingerprint });
  await expect(sources.topBarHealth).toHaveAttribute('data-state', 'disconnected');
  await expect(sources.topBarHealth).toContainText(/disconnected since \d\d:\d\d:\d\d\.\d{3}: the relay refused the token/);
  expect(await deliveriesPage.page.content()).not.toContain('wir_not_the_channel_token');
});

test("a relay whose database is down: the top bar names the relay's reason, since when, and the next try", async ({ sources }) => {
  // A server impersonating a relay whose database is down, as the relay answers then.
  let refused = 0;
  const relay = createServer((_req, res) => {
    refused += 1;
    res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
    res.end(JSON.stringify({ error: "the relay's database is unavailable", reason: 'store_unavailable' }));
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  try {
    await sources.open();
    await sources.connect({ url: `http://127.0.0.1:${(relay.address() as AddressInfo).port}`, token: 'wir_token', fingerprint: null });
    const time = String.raw`\d\d:\d\d:\d\d\.\d{3}`;
    const shown = new RegExp(`^Relay.*disconnected since (${time}): the relay's database is unavailable \\(next try (${time})\\)$`);
    // Read once, in the state waited for: a retry may change the text between two reads.
    let seen: RegExpExecArray | null = null;
    await expect.poll(async () => (seen = shown.exec((await sources.topBarHealth.textContent()) ?? '')), { timeout: 10_000 }).not.toBeNull();
    const first = seen!;
    // Retried, and refused again: the time it went down stays, the next try moves on.
    await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await expect(sources.topBarHealth).not.toContainText(`next try ${first[2]}`);
    await expect(sources.topBarHealth).toContainText(`disconnected since ${first[1]}:`);
    await expect(sources.topBarHealth).toHaveAttribute('title', /^Down since .*\. Next try at .*; nothing the relay holds is lost meanwhile\.$/);
    await sources.disconnect();
  } finally {
    relay.closeAllConnections();
    await new Promise((resolve) => relay.close(resolve));
  }
});

test('after channel rotate the top bar says the token was rotated and to set the new one; the new one connects', async ({ relay, sources }) => {
  const old = await relay.createChannel('rotated');
  await sources.open();
  await sources.connect({ url: relay.url, token: old, fingerprint: relay.fingerprint });
  await expect(sources.topBarHealth).toContainText('connected');

  const { token } = await rotateChannelToken(relay.pool, 'rotated', 'tester');
  await expect(sources.topBarHealth).toHaveAttribute('data-state', 'disconnected');
  await expect(sources.topBarHealth).toContainText(
    /disconnected since \d\d:\d\d:\d\d\.\d{3}: the relay refused the token: the channel's token was rotated; set the new one in Settings → Sources \(or serve --relay-token\) \(next try \d\d:\d\d:\d\d\.\d{3}\)/,
  );
  await sources.connect({ url: relay.url, token, fingerprint: relay.fingerprint });
  await expect(sources.topBarHealth).toHaveAttribute('data-state', 'connected');
});
