import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startHandler, type HandlerUnderCheck } from '../support/handlers-under-check';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { createTeamUser } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { expect, test } from './fixtures';
import { CheckPage } from './pages/check-page';
import { DeliveriesPage } from './pages/deliveries-page';

/** Issue 39, finding 1, in the browser: a team's viewer and member read no signature of a body of their choice. */
test.describe('no signature oracle on a team server, in the browser', () => {
  let cluster: TestPostgres;
  let team: ServeProcess;
  let dataDir: string;
  let handler: HandlerUnderCheck;
  const tokens: Record<string, string> = {};
  const handlerSecret = 'whsec_the_members_own_handler_secret';

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startTestPostgres();
    for (const [name, role] of [['vera', 'viewer'], ['mo', 'member'], ['ada', 'admin']] as const) tokens[name] = await createTeamUser(cluster.url, name, role);
    dataDir = tempDataDir();
    team = await spawnServe(['--data-dir', dataDir, '--store', cluster.url, '--team', '--allow-target', '127.0.0.1', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
    handler = await startHandler(handlerSecret, 'none');
  });

  test.afterAll(async () => {
    await handler?.close();
    team?.child.kill('SIGTERM');
    await team?.exited;
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a viewer sees the expected digest of a chosen body cut to 8 hex digits, an admin whole; a member checks with their own secret', async ({ page, browser }) => {
    const body = giftCardBody({ recipient_name: 'chosen by whoever posts' });
    const digest = createHmac('sha256', testSecret).update(body).digest('hex');
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body, null))).status).toBe(200);
    const ui = team.lines.UI!;

    const viewer = new DeliveriesPage(page);
    await viewer.open(`${ui}?token=${tokens.vera}`);
    await viewer.select(viewer.rows.first());
    const expected = page.getByTestId('signature-expected');
    await expect(expected).toContainText(`${digest.slice(0, 8)}…`);
    await expect(page.getByTestId('signature-expected-prefix')).toContainText('first 8 hex digits');
    expect(await page.locator('body').textContent()).not.toContain(digest.slice(0, 16));

    const adminContext = await browser.newContext();
    const admin = new DeliveriesPage(await adminContext.newPage());
    await admin.open(`${ui}?token=${tokens.ada}`);
    await admin.select(admin.rows.first());
    await expect(admin.page.getByTestId('signature-expected')).toHaveText(digest);
    await adminContext.close();

    // The member's run signs with the secret their handler verifies with; without it, Run stays off.
    const memberContext = await browser.newContext();
    const check = new CheckPage(await memberContext.newPage());
    await check.open(`${ui}?token=${tokens.mo}`);
    await expect(check.view.getByTestId('check-handler-secret-why')).toContainText("the team's signing secret signs an admin's run only");
    await check.view.getByTestId('check-target').fill(handler.url);
    await expect(check.view.getByTestId('check-start')).toBeDisabled();
    await check.view.getByTestId('check-handler-secret').fill(handlerSecret);
    await check.start(handler.url);
    await expect(check.run).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    // Its handler, which verifies with the member's secret, took the real traffic as genuine.
    expect(handler.taken.length).toBeGreaterThan(0);
    await memberContext.close();
  });
});
