import { unusedPort } from '../support/unused-port';
import { docsPicture } from './docs-picture';
import { expect, test } from './fixtures';
import { ApiPage } from './pages/api-page';
import { DeliveriesPage } from './pages/deliveries-page';

test.use({ simulator: true });

test('browse a list page by page: next, last, jump; the headers agree with the rows; past the last page, the service’s 400', { tag: '@docs' }, async ({
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();

  // The default list, for the README.
  await expect(page).toHaveURL(/#\/api\/payout-orders$/);
  const orders = await api.waitForPage(1);
  expect(orders.pageItems).toBe(10);
  await expect(api.rows.first().getByTestId('link-deliveries-mentioning')).toBeVisible();
  await docsPicture(page, 'api-browser.png');

  const first = await api.browse('/api/campaigns');
  expect(first.totalPages).toBe(Math.ceil(first.totalCount / 10));
  expect(first.totalPages).toBeGreaterThan(3);
  await expect(page.getByTestId('api-header-problems')).toHaveCount(0);
  await expect(page.getByTestId('api-cached')).toHaveAttribute('data-cached', 'false');

  await page.getByTestId('api-next').click();
  await api.waitForPage(2);
  await expect(page).toHaveURL(/#\/api\/campaigns\?page=2$/);
  await expect(api.rows.first()).toContainText('11');

  await page.getByTestId('api-last').click();
  const last = await api.waitForPage(first.totalPages);
  expect(last.pageItems).toBe(first.totalCount - (first.totalPages - 1) * 10);
  await expect(page.getByTestId('api-next')).toBeDisabled();

  await api.jumpTo(3);
  await api.waitForPage(3);

  // Back to page 1: this session's cache answers, saying how old the page is, until refreshed.
  await page.getByTestId('api-first').click();
  await api.waitForPage(1);
  await expect(page.getByTestId('api-cached')).toHaveAttribute('data-cached', 'true');
  await expect(page.getByTestId('api-cached')).toHaveText(/^cached · fetched (just now|\d+ s ago)$/);
  await page.getByTestId('api-refresh').click();
  await expect(page.getByTestId('api-cached')).toHaveAttribute('data-cached', 'false');
  await expect(page.getByTestId('api-cached')).toHaveText(/^fetched (just now|\d+ s ago)$/);

  // 20 a page; then one page past the last: the service's own message, word for word.
  await page.getByTestId('api-limit').selectOption('20');
  const wide = await api.waitForPage(1);
  expect(wide.totalPages).toBe(Math.ceil(first.totalCount / 20));
  await api.jumpTo(wide.totalPages + 1);
  await expect(api.error).toContainText(`answered 400: Pagination error: expected :page in 1..${wide.totalPages}; got ${wide.totalPages + 1}`);
  await expect(api.rows).toHaveCount(0);

  // The state is in the URL: a reload comes back to it.
  await expect(page).toHaveURL(new RegExp(`#/api/campaigns\\?page=${wide.totalPages + 1}&limit=20$`));
  await page.reload();
  await expect(api.error).toContainText(`expected :page in 1..${wide.totalPages}; got ${wide.totalPages + 1}`);
  await expect(page.getByTestId('api-endpoint')).toHaveValue('/api/campaigns');
  await expect(page.getByTestId('api-limit')).toHaveValue('20');

  // A gift card's payout UUID links to the deliveries that mention it.
  await api.browse('/api/payouts', 20);
  const giftCard = page.locator('[data-testid="api-row"][data-payout-type="gift_cards"]').first();
  const payoutUuid = await giftCard.getAttribute('data-uuid');
  expect(payoutUuid).toBeTruthy();
  await giftCard.locator('[data-kind="payout"]').getByTestId('link-deliveries-mentioning').click();
  await expect(page.getByTestId('filter-text')).toHaveValue(payoutUuid!);
  await expect(page).toHaveURL(new RegExp(`#/deliveries\\?text=${payoutUuid}&uuid=payout&order=[0-9a-f-]{36}$`));
});

test('UUIDs link to deliveries only where webhooks carry them; a search that finds none says why and links the order', async ({ deliveriesPage }) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();
  await api.browse('/api/payouts', 20);

  // Crypto webhooks carry no payout or recipient UUID: no link that can only find nothing, the order's deliveries instead.
  const crypto = page.locator('[data-testid="api-row"][data-payout-type="crypto"]').first();
  const cryptoPayout = crypto.locator('[data-kind="payout"]');
  await expect(cryptoPayout.getByTestId('link-deliveries-mentioning')).toHaveCount(0);
  await expect(cryptoPayout.getByTestId('api-uuid-not-in-webhooks')).toHaveAttribute('title', /Crypto webhooks carry no payout UUID/);
  await expect(crypto.locator('[data-kind="recipient"]').getByTestId('api-uuid-not-in-webhooks')).toBeVisible();
  const cryptoOrder = await crypto.locator('[data-kind="payout-order"] .api-uuid-value').textContent();
  await cryptoPayout.getByTestId('link-order-deliveries').click();
  await expect(page.getByTestId('filter-text')).toHaveValue(cryptoOrder!);
  await page.goBack();

  // A gift card's payout UUID whose order sent nothing here: 0 matching, and why, with the order's deliveries.
  const giftCard = page.locator('[data-testid="api-row"][data-payout-type="gift_cards"]').last();
  const orderUuid = await giftCard.locator('[data-kind="payout-order"] .api-uuid-value').textContent();
  await giftCard.locator('[data-kind="payout"]').getByTestId('link-deliveries-mentioning').click();
  await expect(page.getByTestId('delivery-count')).toHaveAttribute('data-total', '0');
  const why = page.getByTestId('deliveries-uuid-no-match');
  await expect(why).toHaveAttribute('data-kind', 'payout');
  await expect(why).toContainText('No stored delivery mentions this payout UUID: only a gift card’s payout.processing carries it');
  await why.getByTestId('no-match-order-deliveries').click();
  await expect(page.getByTestId('filter-text')).toHaveValue(orderUuid!);
  await expect(page.getByTestId('deliveries-uuid-no-match')).toContainText("A payout order's webhooks reach this inspector only if its callback_url points here");
});

test('another tab is never served this one’s cached pages, and an order created in it drops them here', async ({ inspector, deliveriesPage }) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();
  const before = await api.waitForPage(1);
  await page.getByTestId('api-next').click();
  await api.waitForPage(2);
  await page.getByTestId('api-first').click();
  await api.waitForPage(1);
  await expect(page.getByTestId('api-cached')).toHaveAttribute('data-cached', 'true');

  // A new page load of the UI reads the list from the service.
  const other = await page.context().newPage();
  await new DeliveriesPage(other).open(inspector.uiUrl);
  const otherApi = new ApiPage(other);
  await otherApi.open();
  await otherApi.waitForPage(1);
  await expect(other.getByTestId('api-cached')).toHaveAttribute('data-cached', 'false');

  // A payout order created there: the first tab's cached page 1 is dropped, and the order is on it.
  await other.getByTestId('api-open-form').click();
  await expect(other.locator('[data-testid="payout-campaign"][data-state="ready"]')).toBeVisible({ timeout: 20_000 });
  const row = other.getByTestId('payout-recipient-row').first();
  await row.getByTestId('payout-recipient-email').fill('ada@example.com');
  await row.getByTestId('payout-recipient-name').fill('Ada Lovelace');
  await row.getByTestId('payout-recipient-amount').fill('25.00');
  await other.getByTestId('payout-submit').click();
  const response = other.getByTestId('payout-response');
  await expect(response).toHaveAttribute('data-status', '201');
  const orderUuid = await response.getAttribute('data-order-uuid');

  await page.getByTestId('api-next').click();
  await api.waitForPage(2);
  await page.getByTestId('api-first').click();
  const after = await api.waitForPage(1);
  await expect(page.getByTestId('api-cached')).toHaveAttribute('data-cached', 'false');
  expect(after.totalCount).toBe(before.totalCount + 1);
  await expect(api.rows.first()).toHaveAttribute('data-uuid', orderUuid!);
});

test('a limit outside 1..20 in the URL is sent as asked: the request and the service’s answer are shown, never another limit', async ({ inspector, page }) => {
  const token = new URL(inspector.uiUrl).searchParams.get('token');
  await page.goto(`${new URL(inspector.uiUrl).origin}/?token=${token}#/api/payout-orders?limit=50`);
  const api = new ApiPage(page);
  await expect(api.view).toBeVisible();
  const headers = await api.waitForPage(1);
  expect(headers.pageItems).toBe(20);
  await expect(page).toHaveURL(/#\/api\/payout-orders\?limit=50$/);
  await expect(page.getByTestId('api-limit')).toHaveValue('50');
  await expect(page.getByTestId('api-limit-outside')).toHaveText('50 (outside 1..20)');
  await expect(page.getByTestId('api-request')).toHaveText('GET /api/payout-orders?page=1&limit=50');
  await expect(page.getByTestId('api-header-problems')).toContainText(
    `limit 50 is outside the spec's 1..20 (spec 8); the service answered it with page-items 20 and total-pages ${headers.totalPages}`,
  );

  // A limit the service refuses: its 400, word for word.
  await page.goto(`${new URL(inspector.uiUrl).origin}/#/api/payout-orders?limit=0`);
  await expect(api.error).toContainText('GET /api/payout-orders?page=1&limit=0 answered 400: Pagination error: expected :limit in 1..20; got 0');
  await expect(page.getByTestId('api-limit')).toHaveValue('0');
});

test('fetch all pages of a many-page list: progress reaches the total, and the records export as JSON and CSV', async ({ deliveriesPage }) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();
  const headers = await api.browse('/api/campaigns', 20);
  expect(headers.totalPages).toBeGreaterThan(5);

  await page.getByTestId('api-fetch-all').click();
  await expect(api.progress).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  expect(await api.progressNumber('total-pages')).toBe(headers.totalPages);
  expect(await api.progressNumber('pages-done')).toBe(headers.totalPages);
  expect(await api.progressNumber('items')).toBe(headers.totalCount);

  const json = await api.download('api-export-json');
  expect(json.name).toBe('campaigns.json');
  const records = JSON.parse(json.text) as Array<{ uuid: string }>;
  expect(records).toHaveLength(headers.totalCount);
  expect(new Set(records.map((record) => record.uuid)).size).toBe(headers.totalCount);

  const csv = await api.download('api-export-csv');
  expect(csv.name).toBe('campaigns.csv');
  const lines = csv.text.split('\r\n').filter((line) => line !== '');
  expect(lines).toHaveLength(headers.totalCount + 1);
  expect(lines[0]).toBe('uuid,name,payout_type,wallet_currency,status,catalog_size,created_at');
  expect(lines[1]).toContain(records[0]!.uuid);
});

test('cancel a fetch-all: it stops, and what it fetched is kept and exports', async ({ deliveriesPage }) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();
  // One record a page: hundreds of pages at the client's 5 requests a second, so it cannot finish first.
  const headers = await api.browse('/api/transactions', 1);
  expect(headers.totalPages).toBeGreaterThan(100);

  await page.getByTestId('api-fetch-all').click();
  await expect(api.progress).toHaveAttribute('data-state', 'running');
  await expect.poll(() => api.progressNumber('pages-done')).toBeGreaterThanOrEqual(1);
  await page.getByTestId('api-fetch-cancel').click();
  await expect(api.progress).toHaveAttribute('data-state', 'canceled');
  await expect(page.getByTestId('api-fetch-cancel')).toHaveCount(0);

  const done = await api.progressNumber('pages-done');
  const items = await api.progressNumber('items');
  expect(done).toBeGreaterThanOrEqual(1);
  expect(done).toBeLessThan(headers.totalPages);
  expect(items).toBe(done);
  await expect(api.progress).toContainText('kept');

  const json = await api.download('api-export-json');
  expect(json.name).toBe('transactions-partial.json');
  expect(JSON.parse(json.text)).toHaveLength(items);
});

test('the fetch-all bar belongs to the list it fetched: another list shows none of it, and coming back shows its own', async ({ deliveriesPage }) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();
  const campaigns = await api.browse('/api/campaigns', 20);
  await page.getByTestId('api-fetch-all').click();
  await expect(api.progress).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(api.progress).toContainText('/api/campaigns ·');
  await expect(page.getByTestId('api-export-json')).toBeVisible();

  // The catalog, before and after a campaign is picked: not the campaigns' bar.
  await page.getByTestId('api-endpoint').selectOption('/api/campaigns/:id/catalog');
  await expect(page.getByTestId('api-pick-campaign')).toBeVisible();
  await expect(api.progress).toHaveCount(0);
  await expect(page.getByTestId('api-export-json')).toHaveCount(0);
  const campaign = page.getByTestId('api-campaign');
  await expect(campaign).toHaveAttribute('data-state', 'ready', { timeout: 30_000 });
  await campaign.selectOption({ index: 1 });
  await api.waitForPage(1);
  await expect(api.progress).toHaveCount(0);
  await expect(page.getByTestId('api-export-json')).toHaveCount(0);

  // A job still running on one list is not shown on another, which can be fetched meanwhile.
  await api.browse('/api/transactions', 1);
  await page.getByTestId('api-fetch-all').click();
  await expect(api.progress).toHaveAttribute('data-state', 'running');
  await api.browse('/api/orders');
  await expect(api.progress).toHaveCount(0);
  await expect(page.getByTestId('api-fetch-cancel')).toHaveCount(0);
  await expect(page.getByTestId('api-fetch-all')).toBeEnabled();
  await api.browse('/api/transactions');
  await expect(api.progress).toContainText('/api/transactions ·');
  await page.getByTestId('api-fetch-cancel').click();
  await expect(api.progress).toHaveAttribute('data-state', 'canceled');

  // Back on the campaigns: their own finished job, as it was left.
  await api.browse('/api/campaigns');
  await expect(api.progress).toHaveAttribute('data-state', 'done');
  await expect(api.progress).toContainText('/api/campaigns ·');
  expect(await api.progressNumber('items')).toBe(campaigns.totalCount);
  await expect(page.getByTestId('api-export-json')).toBeVisible();
});

test('a payout order created through the form: HTTPS checked first, then its deliveries arrive with valid signatures', async ({
  inspector,
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  const api = new ApiPage(page);
  await api.open();
  await page.getByTestId('api-open-form').click();
  await expect(api.form).toBeVisible();
  await expect(page).toHaveURL(/form=payout-order/);

  // Prefilled: the first active campaign, its wallet currency, and the receiver's URL.
  await expect(page.locator('[data-testid="payout-campaign"][data-state="ready"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('payout-campaign')).not.toHaveValue('');
  await expect(page.getByTestId('payout-currency')).not.toHaveValue('');
  await expect(page.getByTestId('payout-callback')).toHaveValue(`${inspector.receiverUrl}/webhooks`);

  const rows = page.getByTestId('payout-recipient-row');
  const fillRecipient = async (index: number, email: string, name: string) => {
    const row = rows.nth(index);
    await row.getByTestId('payout-recipient-email').fill(email);
    await row.getByTestId('payout-recipient-name').fill(name);
    await row.getByTestId('payout-recipient-amount').fill('25.00');
    // The campaign type's first scenario completes (same currency, or a redeemed gift card) and names the order.
    await row.getByTestId('payout-recipient-scenario').selectOption({ index: 1 });
  };
  await fillRecipient(0, 'ada@example.com', 'Ada Lovelace');
  await page.getByTestId('payout-add-recipient').click();
  await expect(rows).toHaveCount(2);
  await fillRecipient(1, 'grace@example.com', 'Grace Hopper');

  // Not https: refused before anything is sent.
  await page.getByTestId('payout-callback').fill('http://127.0.0.1:1/webhooks');
  await expect(page.getByTestId('payout-callback-error')).toContainText('https:');
  await page.getByTestId('payout-submit').click();
  await expect(page.getByTestId('payout-problems')).toBeVisible();
  await expect(page.getByTestId('payout-response')).toHaveCount(0);
  await page.getByTestId('payout-callback-reset').click();
  await expect(page.getByTestId('payout-callback-error')).toHaveCount(0);
  await expect(page.getByTestId('payout-callback')).toHaveValue(`${inspector.receiverUrl}/webhooks`);

  await page.getByTestId('payout-submit').click();
  const response = page.getByTestId('payout-response');
  await expect(response).toHaveAttribute('data-status', '201');
  const orderUuid = await response.getAttribute('data-order-uuid');
  expect(orderUuid).toMatch(/^[0-9a-f-]{36}$/);
  await expect(response).toContainText(orderUuid!);
  await expect.poll(async () => Number(await response.getByTestId('payout-delivery-count').getAttribute('data-count')), { timeout: 30_000 }).toBeGreaterThan(0);

  // Its deliveries, by its UUID, every one signed validly.
  await response.getByTestId('link-deliveries-mentioning').click();
  await expect(page.getByTestId('filter-text')).toHaveValue(orderUuid!);
  await expect(deliveriesPage.rows.first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => deliveriesPage.rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
  for (const verdict of await deliveriesPage.rows.getByTestId('signature-badge').allTextContents()) expect(verdict).toMatch(/^\s*valid\s*$/i);

  // The order in Orders, and back to the API browser.
  await page.goBack();
  await expect(response).toBeVisible();
  await response.getByTestId('payout-order-link').click();
  await expect(page.getByTestId('order-detail')).toHaveAttribute('data-uuid', orderUuid!);
  await page.getByTestId('order-detail').getByTestId('link-order-api').click();
  await expect(api.view).toBeVisible();
  await expect(page.locator(`[data-testid="api-row"][data-uuid="${orderUuid}"]`)).toBeVisible();

  // The signing secret from the service: stored, and what came is verified again.
  await page.getByTestId('api-fetch-secret').click();
  await expect(page.getByTestId('api-fetch-secret-done')).toContainText(/stored; \d+ deliver(y|ies) re-verified/);
});

test('a service that cannot be reached: the next step first, the technical detail below it, never the token', async ({ inspector, deliveriesPage }) => {
  const { page } = deliveriesPage;
  const closedPort = await unusedPort();
  const apiToken = 'tok_e2e_never_on_screen';
  const ui = new URL(inspector.uiUrl);
  const res = await fetch(`${ui.origin}/rpc/settings.setService`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ connection: { mode: 'service', baseUrl: `https://127.0.0.1:${closedPort}` }, apiToken }),
  });
  expect(res.status).toBe(200);

  const api = new ApiPage(page);
  await api.open();
  const advice = api.error.getByTestId('call-error-advice');
  await expect(advice).toHaveText(
    "Nothing accepts connections at the service's address: check the host and port of the base URL in Settings → Service, and that the service is running.",
  );
  await expect(api.error).toContainText('GET /api/payout-orders?page=1&limit=10: the service could not be reached (ECONNREFUSED)');
  const [adviceBox, errorBox] = [await advice.boundingBox(), await api.error.locator('.call-error-detail').boundingBox()];
  expect(adviceBox!.y).toBeLessThan(errorBox!.y);

  await page.getByTestId('api-fetch-all').click();
  await expect(page.getByTestId('api-fetch-error').getByTestId('call-error-advice')).toContainText('Nothing accepts connections');
  await expect(page.getByTestId('api-view')).not.toContainText(apiToken);
});
