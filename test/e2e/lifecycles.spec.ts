import { docsPicture } from './docs-picture';
import { expect, test } from './fixtures';

test.use({ simulator: true });

test('with reordering and duplicates, the timeline shows event-time order and duplicate counts', { tag: '@docs' }, async ({
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  await page.getByTestId('nav-simulator').click();
  await page.getByTestId('simulator-behaviour-duplicate-rate').fill('60');
  await page.getByTestId('simulator-behaviour-reorder-rate').fill('60');
  await page.getByTestId('simulator-behaviour-save').click();
  await expect(page.getByTestId('simulator-behaviour-done')).toBeVisible();
  await page.getByTestId('simulator-create-demo').click();
  await expect(page.getByTestId('simulator-demo-result')).toBeVisible();
  // Every event delivered (5 per second): nothing pending any more.
  await expect(page.locator('[data-testid="simulator-event-row"][data-status="pending"]')).toHaveCount(0, { timeout: 45_000 });

  await page.getByTestId('nav-lifecycles').click();
  await expect(page.getByTestId('lifecycle-row').first()).toBeVisible();
  const reorderedRows = page.locator('[data-testid="lifecycle-row"][data-reordered="true"]');
  await expect(reorderedRows.first()).toBeVisible();
  await reorderedRows.first().click();

  const timeline = page.getByTestId('lifecycle-timeline');
  await expect(timeline).toBeVisible();
  const events = timeline.getByTestId('timeline-event');
  const count = await events.count();
  expect(count).toBeGreaterThan(1);
  const eventRanks: number[] = [];
  const arrivalRanks: number[] = [];
  for (let i = 0; i < count; i++) {
    eventRanks.push(Number(await events.nth(i).getAttribute('data-event-rank')));
    arrivalRanks.push(Number(await events.nth(i).getAttribute('data-arrival-rank')));
  }
  expect(eventRanks).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  expect(arrivalRanks).not.toEqual(eventRanks);

  // Somewhere in the demo traffic an event arrived more than once; its timeline shows the count.
  await page.getByTestId('nav-duplicates').click();
  const group = page.getByTestId('duplicate-group-row').first();
  await expect(group).toBeVisible();
  const copies = Number(await group.getAttribute('data-count'));
  expect(copies).toBeGreaterThan(1);
  await group.click();
  await page.getByTestId('link-lifecycle').first().click();
  await expect(page.locator(`[data-testid="timeline-event"][data-duplicates="${copies}"]`).first()).toBeVisible();
  await docsPicture(page, 'lifecycles.png');
});

test('the Orders view reads the demo orders as the events have them: Form B sends apart, unknown events marked and ignored', async ({
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  await page.getByTestId('nav-simulator').click();
  await page.getByTestId('simulator-behaviour-unknown-rate').fill('100');
  await page.getByTestId('simulator-behaviour-save').click();
  await expect(page.getByTestId('simulator-behaviour-done')).toBeVisible();
  await page.getByTestId('simulator-create-demo').click();
  await expect(page.getByTestId('simulator-demo-result')).toBeVisible();
  await expect(page.locator('[data-testid="simulator-event-row"][data-status="pending"]')).toHaveCount(0, { timeout: 45_000 });

  await page.getByTestId('nav-orders').click();
  const rows = page.getByTestId('order-row');
  await expect(rows).toHaveCount(2);
  // The crypto order, once its last send ends (the scenarios run over simulated minutes): eight recipients,
  // two of them Form B sends that name no order.
  const crypto = rows.filter({ hasText: 'of 8' });
  await expect(crypto.getByTestId('order-recipients')).toHaveText('6 of 8', { timeout: 60_000 });
  // Their two Form B sends arrived: the list does not call those recipients unheard from.
  await expect(crypto.getByTestId('order-state')).toHaveText('2 not named by any event');
  // The gift-card order: every recipient and every card payout ended.
  await expect(rows.filter({ hasNotText: 'of 8' }).getByTestId('order-state')).toHaveText('all terminal', { timeout: 60_000 });
  const formB = page.getByTestId('form-b-sends');
  await expect(formB).toContainText('Form B sends (no order named)');
  await expect(formB).toHaveAttribute('data-count', '2');
  await expect(formB).toContainText('1 open');

  // Each unknown recipient.* event is in a timeline, marked, and its send's status is not its own.
  await crypto.click();
  await expect(page.getByTestId('order-detail-recipients')).toContainText('2 not named by any event');
  await page.getByTestId('nav-lifecycles').click();
  await page.locator('[data-testid="lifecycle-row"][data-key^="send:"][data-status="completed"]').first().click();
  const unknown = page.locator('[data-testid="timeline-event"][data-unrecognized="true"]');
  await expect(unknown.first().getByTestId('unrecognized-badge')).toHaveText('unrecognized — ignored');
});
