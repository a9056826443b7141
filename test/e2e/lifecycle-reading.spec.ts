import { randomUUID } from 'node:crypto';
import { bodyText, formALifecycle, ids, signedDelivery } from '../fixtures/payloads';
import { testSecret } from '../support/deliveries';
import { expect, test, type Inspector } from './fixtures';

test.use({ secret: testSecret });

async function send(inspector: Inspector, body: unknown): Promise<void> {
  const delivery = signedDelivery(Buffer.from(bodyText(body)), testSecret, { deliveryId: randomUUID() });
  expect(await inspector.deliver('/webhooks', delivery.body, delivery.headers)).toBe(200);
}

/** The same send's events under another external send id: another lifecycle of the same order. */
const otherSend = (body: unknown) => ({ ...(body as Record<string, unknown>), external_send_id: '48214' });

test('the recipient filter says it waits for an order, and takes one once an order is picked', async ({ inspector, page }) => {
  for (const body of formALifecycle()) await send(inspector, body);
  await page.goto(inspector.uiUrl);
  await page.getByTestId('nav-lifecycles').click();
  await expect(page.getByTestId('lifecycle-row')).toHaveCount(1);

  const recipient = page.getByTestId('lifecycle-filter-recipient');
  const hint = page.getByTestId('lifecycle-recipient-hint');
  await expect(recipient).toBeDisabled();
  await expect(hint).toBeVisible();
  await expect(hint).toHaveText('pick an order to choose one of its recipients');

  await page.getByTestId('lifecycle-filter-order').selectOption(ids.payoutOrder);
  await expect(hint).toHaveCount(0);
  await expect(recipient).toBeEnabled();
  await expect(recipient.locator('option', { hasText: 'ada@example.com' })).toHaveCount(1);
  await recipient.selectOption({ label: 'ada@example.com' });
  await expect(page.getByTestId('lifecycle-row')).toHaveCount(1);
});

test("the arrival chart's caption is a legend, and says plainly when and where events arrived out of order", async ({ inspector, page }) => {
  const [created, processing, completed, followUp] = formALifecycle();
  // One send arrives reordered: follow-up, processing, created, completed (arrival ranks 3, 2, 4, 1 in event order).
  for (const body of [followUp, processing, created, completed]) await send(inspector, body);
  // Another arrives in event-time order.
  for (const body of [created, processing, completed, followUp]) await send(inspector, otherSend(body));

  await page.goto(inspector.uiUrl);
  await page.getByTestId('nav-lifecycles').click();
  const rows = page.getByTestId('lifecycle-row');
  await expect(rows).toHaveCount(2);
  const legend = 'event time left to right, arrival top to bottom; a step up is an event that arrived before an earlier one';

  await page.locator(`[data-testid="lifecycle-row"][data-key="send:${ids.externalSendId}"]`).click();
  const detail = page.getByTestId('lifecycle-detail');
  await expect(detail.getByTestId('arrival-chart')).toBeVisible();
  await expect(detail.getByTestId('arrival-chart-legend')).toHaveText(legend);
  await expect(detail).not.toContainText('staircase');
  const reordered = detail.getByTestId('arrival-order');
  await expect(reordered).toHaveAttribute('data-reordered', 'true');
  await expect(reordered).toHaveText('Reordered: event 2 arrived before event 1, event 4 arrived before event 3.');

  await page.locator('[data-testid="lifecycle-row"][data-key="send:48214"]').click();
  await expect(detail.getByTestId('arrival-chart-legend')).toHaveText(legend);
  const inOrder = detail.getByTestId('arrival-order');
  await expect(inOrder).toHaveAttribute('data-reordered', 'false');
  await expect(inOrder).toHaveText('In order: each event arrived after the events before it in event time.');
});
