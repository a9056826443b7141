import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { expect, test } from './fixtures';

test('a size limit set in Settings → Retention prunes the oldest deliveries; the top bar says what is kept and what was pruned', async ({
  inspector,
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  for (let n = 0; n < 6; n++) {
    const body = giftCardBody({ recipient_email: `retention-${n}@example.com` });
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
  }
  const summary = page.getByTestId('retention-summary');
  await expect(summary).toContainText('6 deliveries');
  await expect(summary).not.toContainText('pruned');

  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-retention-state')).toContainText('none pruned');
  // 0.001 MiB: room for one delivery (a body and its headers), not two.
  await page.getByTestId('settings-retention-size').fill('0.001');
  await page.getByTestId('settings-retention-apply').click();
  await expect(page.getByTestId('settings-retention-done')).toContainText('keep at most 1.0 KiB');

  await expect(summary).toContainText(/1 delivery, \d+ B \(pruned 5, last at /);
  await expect(page.getByTestId('settings-retention-state')).toContainText(/Kept: 1 delivery, .*; pruned 5, last at /);
  await page.reload();
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-retention-size')).toHaveValue('0.001');

  await page.getByTestId('nav-deliveries').click();
  await expect(deliveriesPage.rows).toHaveCount(1);
});
