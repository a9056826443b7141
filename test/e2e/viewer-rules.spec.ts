import { type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTarget, type ReplayTarget } from '../support/replay-target';
import { startBrowserTeam, type BrowserTeam } from '../support/browser-team';
import { expect, test } from './fixtures';
import { CheckPage } from './pages/check-page';
import { DeliveriesPage } from './pages/deliveries-page';

/** Issue 39, finding 9: the UI's role rules, said before a click, and one escaping rule for what a peer sent. */
test.describe("a team server's UI says in advance what a role cannot do", () => {
  let started: BrowserTeam;
  let team: ServeProcess;
  let dataDir: string;
  let tokens: Record<string, string>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startBrowserTeam({ ada: 'admin', mona: 'member', vera: 'viewer' });
    ({ team, dataDir, tokens } = started);
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
  });

  test.afterAll(async () => {
    await started?.stop();
  });

  test("a viewer's Export HAR is disabled with its reason, and Settings shows no server path", async ({ page }) => {
    const vera = new DeliveriesPage(page);
    await vera.open(`${team.lines.UI}?token=${tokens.vera}`);
    await expect(vera.rows).toHaveCount(1);
    await vera.select(vera.rows.first());
    await expect(page.getByTestId('export-har')).toBeDisabled();
    const gate = page.locator('[data-testid="role-gate"][data-call="export.har"]');
    await expect(gate).toHaveAttribute('title', 'Only members and admins export HAR');
    await expect(gate).toContainText('Only members and admins export HAR');

    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-data-dir')).toHaveText("Only admins see the server's paths");
    await expect(page.getByTestId('settings-store')).toHaveText('PostgreSQL (only admins see where it is)');
    expect(await page.locator('body').textContent()).not.toContain(dataDir);
  });

  test("an admin's role change is asked first, and the audit log shows it as old → new", async ({ page }) => {
    await new DeliveriesPage(page).open(`${team.lines.UI}?token=${tokens.ada}`);
    await page.getByTestId('nav-settings').click();
    const role = page.locator('[data-testid="user-row"][data-name="mona"] [data-testid="user-role"]');
    await expect(role).toHaveValue('member');

    // Cancelled: nothing changes.
    await role.selectOption('viewer');
    const confirm = page.getByTestId('user-role-confirm');
    await expect(confirm).toContainText('Change the role of mona from member to viewer?');
    await expect(role).toHaveValue('member');
    await confirm.getByTestId('user-role-confirm-cancel').click();
    await expect(confirm).toHaveCount(0);
    await expect(role).toHaveValue('member');

    // Confirmed: applied, and audited with the role it replaced.
    await role.selectOption('viewer');
    await page.getByTestId('user-role-confirm-yes').click();
    await expect(confirm).toHaveCount(0);
    await expect(role).toHaveValue('viewer');
    await page.getByTestId('audit-refresh').click();
    await expect(page.locator('[data-testid="audit-row"][data-action="users.setRole"]').first()).toContainText('mona: member → viewer');
  });
});

test.describe('the Check view shows what a target answered by the delivery view’s escaping rule', () => {
  test.use({ secret: testSecret });
  let target: ReplayTarget;

  test.afterEach(async () => {
    await target?.close();
  });

  test('a U+202E in the answer is shown as its escape, never raw', async ({ page, inspector }) => {
    target = await startTarget(() => ({ status: 200, body: 'ok \u202Egpj.exe', headers: { 'Content-Type': 'text/plain' } }));
    const check = new CheckPage(page);
    await check.open(inspector.uiUrl);
    await check.start(`${target.url}/hook`);
    await check.finished();
    await check.rows.first().click();
    const body = check.detail.getByTestId('check-response-body').first();
    await expect(body).toHaveText('ok \\u{202E}gpj.exe');
    await expect(body.locator('.raw-escape')).toHaveAttribute('title', /direction-changing/);
    expect(await check.detail.textContent()).not.toContain('\u202E');
  });
});
