import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { testSecret } from '../support/deliveries';
import { expect, test } from './fixtures';

test.use({ simulator: true });

const sha256Prefix = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 8);

test('the Simulator view shows its API token and signing secret masked, reveals and copies them; the top bar names the secret in force', async ({
  inspector,
  deliveriesPage,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { page } = deliveriesPage;
  const account = JSON.parse(readFileSync(join(inspector.dataDir, 'simulator-account.json'), 'utf8')) as { apiToken: string; signingSecret: string };
  await expect(page.getByTestId('secret-fingerprint')).toHaveText(`sha256:${sha256Prefix(account.signingSecret)}`);

  await page.getByTestId('nav-simulator').click();
  const token = page.getByTestId('simulator-api-token');
  const secret = page.getByTestId('simulator-signing-secret');
  await expect(token).toHaveText('••••••••••••');
  await expect(secret).toHaveText('••••••••••••');
  await expect(page.getByTestId('simulator-secret-fingerprint')).toHaveText(`sha256:${sha256Prefix(account.signingSecret)}`);

  await page.getByTestId('simulator-api-token-toggle').click();
  await expect(token).toHaveText(account.apiToken);
  await page.getByTestId('simulator-api-token-toggle').click();
  await expect(token).toHaveText('••••••••••••');

  await page.getByTestId('simulator-signing-secret-copy').click();
  await expect(page.getByTestId('simulator-signing-secret-copy')).toHaveText('Copied');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(account.signingSecret);
  await page.getByTestId('simulator-api-token-copy').click();
  await expect.poll(() => page.evaluate<string>('navigator.clipboard.readText()')).toBe(account.apiToken);
  await page.getByTestId('simulator-signing-secret-toggle').click();
  await expect(secret).toHaveText(account.signingSecret);
});

test.describe('with serve --secret', () => {
  test.use({ secret: testSecret });

  test('the simulator signs with the user’s secret, named by its fingerprint in both places and never shown', async ({ deliveriesPage }) => {
    const { page } = deliveriesPage;
    const fingerprint = `sha256:${sha256Prefix(testSecret)}`;
    await expect(page.getByTestId('secret-fingerprint')).toHaveText(fingerprint);
    await page.getByTestId('nav-simulator').click();
    await expect(page.getByTestId('simulator-signing-secret-fact')).toHaveAttribute('data-signs-with', 'yours');
    await expect(page.getByTestId('simulator-secret-fingerprint')).toHaveText(fingerprint);
    await expect(page.getByTestId('simulator-signing-secret')).toHaveCount(0);

    await page.getByTestId('simulator-create-demo').click();
    await page.getByTestId('nav-deliveries').click();
    await expect.poll(() => deliveriesPage.rows.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(5);
    for (const verdict of await deliveriesPage.rows.getByTestId('signature-badge').allTextContents()) expect(verdict).toMatch(/^\s*valid\s*$/i);
    expect(await page.content()).not.toContain(testSecret);
  });
});
