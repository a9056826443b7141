import { type ServeProcess } from '../support/cli-process';
import { startBrowserTeam, type BrowserTeam } from '../support/browser-team';
import { expect, test } from './fixtures';
import { DeliveriesPage } from './pages/deliveries-page';

test.describe("a team server's audit log retention in Settings", () => {
  let started: BrowserTeam;
  let team: ServeProcess;
  let tokens: Record<string, string>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startBrowserTeam({ ada: 'admin', vera: 'viewer' });
    ({ team, tokens } = started);
  });

  test.afterAll(async () => {
    await started?.stop();
  });

  test('an admin sees the default, sets another and finds the change in the log; a viewer sees none of it', async ({ page, browser }) => {
    const ui = team.lines.UI!;
    await new DeliveriesPage(page).open(`${ui}?token=${tokens.ada}`);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('audit-retention-days')).toHaveValue('90');
    await expect(page.getByTestId('audit-retention-entries')).toHaveValue('100000');
    await page.getByTestId('audit-retention-entries').fill('10');
    await page.getByTestId('audit-retention-apply').click();
    await expect(page.getByTestId('audit-retention').getByText(/entries from 1000/)).toBeVisible();
    await page.getByTestId('audit-retention-days').fill('30');
    await page.getByTestId('audit-retention-entries').fill('5000');
    await page.getByTestId('audit-retention-apply').click();
    await expect(page.getByTestId('audit-retention')).toContainText('Saved: 30 days, 5000 entries');
    await page.getByTestId('audit-refresh').click();
    await expect(page.locator('[data-testid="audit-row"][data-action="audit.setRetention"]').first()).toContainText('ada');

    const viewer = await (await browser.newContext()).newPage();
    await new DeliveriesPage(viewer).open(`${ui}?token=${tokens.vera}`);
    await viewer.getByTestId('nav-settings').click();
    await expect(viewer.getByTestId('audit-not-admin')).toBeVisible();
    await expect(viewer.getByTestId('audit-retention')).toHaveCount(0);
  });
});
