import { docsPicture } from './docs-picture';
import { expect, test } from './fixtures';

test.use({ simulator: true });

test('from a fresh data dir, the demo order’s deliveries appear with valid signatures', { tag: '@docs' }, async ({ deliveriesPage }) => {
  const { page } = deliveriesPage;
  await expect(page.getByTestId('secret-status')).toContainText(/simulator/i);
  await page.getByTestId('empty-create-demo').click();
  await expect(deliveriesPage.rows.first()).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => deliveriesPage.rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(10);
  const verdicts = await deliveriesPage.rows.getByTestId('signature-badge').allTextContents();
  expect(verdicts.length).toBeGreaterThanOrEqual(10);
  for (const verdict of verdicts) expect(verdict).toMatch(/^\s*valid\s*$/i);

  await page.getByTestId('nav-simulator').click();
  await expect(page.getByTestId('simulator-view')).toBeVisible();
  await expect(page.getByTestId('simulator-event-row').first()).toBeVisible();
  await expect(page.locator('[data-testid="simulator-event-row"][data-status="delivered"]').first()).toBeVisible();
  await page.getByTestId('simulator-event-row').first().click();
  await expect(page.getByTestId('simulator-attempts')).toBeVisible();
  await docsPicture(page, 'simulator.png');
});
