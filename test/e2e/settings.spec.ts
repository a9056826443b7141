import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { expect, test } from './fixtures';

test('setting the signing secret in Settings re-verifies what was stored', async ({ inspector, deliveriesPage }) => {
  const body = giftCardBody();
  await inspector.deliver('/webhooks', body, serviceHeaders(body, testSecret));
  const { page } = deliveriesPage;
  await expect(deliveriesPage.badge(deliveriesPage.rows.first())).toHaveText(/no secret/i);
  await expect(page.getByTestId('secret-status')).toContainText(/not set/i);

  await page.getByTestId('nav-settings').click();
  await page.getByTestId('settings-secret-input').fill(testSecret);
  await page.getByTestId('settings-secret-save').click();
  await expect(page.getByTestId('secret-status')).not.toContainText(/not set/i);
  await expect(page.getByTestId('secret-status')).toContainText(/set/i);
  await expect(page.getByTestId('settings-secret-input')).toHaveValue('');
  expect(await page.content()).not.toContain(testSecret);

  await page.getByTestId('nav-deliveries').click();
  await expect(deliveriesPage.badge(deliveriesPage.rows.first())).toHaveText(/valid/i);
});

test('the response policy set in Settings is what the receiver answers', async ({ inspector, deliveriesPage }) => {
  const { page } = deliveriesPage;
  await page.getByTestId('nav-settings').click();
  // An edit put back by Reset is gone: the field shows the saved policy again, and nothing is left unsaved.
  await page.getByTestId('settings-policy-status').fill('418');
  await page.getByTestId('settings-policy-reset').click();
  await expect(page.getByTestId('settings-policy-status')).toHaveValue('200');
  await expect(page.getByTestId('settings-policy-reset')).toBeDisabled();
  await page.getByTestId('settings-policy-status').fill('503');
  await page.getByTestId('settings-policy-save').click();
  await expect(page.getByTestId('policy-summary')).toContainText('503');
  await expect(page.getByTestId('settings-policy-reset')).toBeDisabled();
  const body = giftCardBody();
  expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(503);
});

test('Settings says which store keeps the deliveries', async ({ inspector, deliveriesPage }) => {
  const { page } = deliveriesPage;
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('settings-store')).toHaveText(`SQLite ${inspector.dataDir}/inspector.sqlite3`);
});

test('the Egress card shows the policy in force, saves allowed targets, and says what a rule looks like', async ({ deliveriesPage }) => {
  const { page } = deliveriesPage;
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('egress-policy')).toContainText('yours alone');
  await page.getByTestId('egress-rules').fill('10.0.0.0/8\nhttp://x/path');
  await page.getByTestId('egress-save').click();
  await expect(page.getByTestId('egress-save-error')).toContainText('"http://x/path" is not an allowed target');
  await page.getByTestId('egress-rules').fill('10.0.0.0/8\n*.internal.example.com\n');
  await page.getByTestId('egress-save').click();
  await expect(page.getByTestId('egress-save-done')).toHaveText('Saved: 2 allowed target(s).');
  await page.reload();
  await page.getByTestId('nav-settings').click();
  await expect(page.getByTestId('egress-rules')).toHaveValue('10.0.0.0/8\n*.internal.example.com');
});
