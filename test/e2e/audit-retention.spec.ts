import { rmSync } from 'node:fs';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { testSecret } from '../support/deliveries';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { createTeamUser } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { expect, test } from './fixtures';
import { DeliveriesPage } from './pages/deliveries-page';

test.describe("a team server's audit log retention in Settings", () => {
  let cluster: TestPostgres;
  let team: ServeProcess;
  let dataDir: string;
  const tokens: Record<string, string> = {};

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startTestPostgres();
    tokens.ada = await createTeamUser(cluster.url, 'ada', 'admin');
    tokens.vera = await createTeamUser(cluster.url, 'vera', 'viewer');
    dataDir = tempDataDir();
    team = await spawnServe(['--data-dir', dataDir, '--store', cluster.url, '--team', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
  });

  test.afterAll(async () => {
    team?.child.kill('SIGTERM');
    await team?.exited;
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
