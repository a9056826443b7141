import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { builtCli, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTarget } from '../support/replay-target';
import { createTeamUser, serveCommand } from '../support/team-server';
import { startBrowserTeam, type BrowserTeam } from '../support/browser-team';
import { expect, test } from './fixtures';
import { DeliveriesPage } from './pages/deliveries-page';
import { TopBar } from './pages/top-bar';

const runCli = promisify(execFile);

test.describe('a team server in the browser', () => {
  let started: BrowserTeam;
  let team: ServeProcess;
  let tokens: Record<string, string>;
  let cluster: BrowserTeam['cluster'];

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startBrowserTeam({ alice: 'member', bob: 'member', vera: 'viewer', ada: 'admin', mona: 'member' }, ['--allow-target', '127.0.0.1']);
    ({ team, tokens, cluster } = started);
  });

  test.afterAll(async () => {
    await started?.stop();
  });

  test('opens with a user token and shows the deliveries; another user sees the same; a wrong token gets nothing', async ({ page, browser }) => {
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const ui = team.lines.UI!;
    expect(ui).not.toContain('token=');

    const alice = new DeliveriesPage(page);
    await alice.open(`${ui}?token=${tokens.alice}`);
    await expect(alice.rows).toHaveCount(1);
    await expect(alice.badge(alice.rows.first())).toHaveText(/valid/i);
    expect(page.url()).not.toContain(tokens.alice);
    const id = await alice.rows.first().getAttribute('data-id');

    const bobContext = await browser.newContext();
    const bob = new DeliveriesPage(await bobContext.newPage());
    await bob.open(`${ui}?token=${tokens.bob}`);
    await expect(bob.rows).toHaveCount(1);
    await expect(bob.rows.first()).toHaveAttribute('data-id', id!);
    // Alice replays it; Bob's view of the delivery says who did.
    const target = await startTarget();
    const replayed = await fetch(`${ui}rpc/replay.send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.alice}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deliveryId: Number(id), url: `${target.url}/hook` }),
    });
    expect(replayed.status).toBe(200);
    await target.close();
    await bob.select(bob.rows.first());
    await expect(bob.page.getByTestId('replay-history-row').first().getByTestId('replay-sent-by')).toHaveText('by alice');
    await bobContext.close();

    const strangerContext = await browser.newContext();
    const stranger = await strangerContext.newPage();
    await stranger.goto(`${ui}?token=wit_not-a-user`);
    await expect(stranger.getByTestId('token-refused')).toHaveAttribute('data-reason', 'unrecognised');
    await expect(stranger.getByTestId('token-refused')).toContainText('This inspector does not recognise your token');
    await expect(stranger.getByTestId('delivery-row')).toHaveCount(0);
    await strangerContext.close();
  });

  test('shows each role what it may not do, and why, by the server\'s rule; admins read the audit log and manage users', async ({ page, browser }) => {
    const ui = team.lines.UI!;
    const viewer = new DeliveriesPage(page);
    await viewer.open(`${ui}?token=${tokens.vera}`);
    await viewer.select(viewer.rows.first());
    const send = page.getByTestId('replay-panel').getByTestId('replay-send');
    await expect(send).toBeDisabled();
    await expect(page.getByTestId('replay-panel').getByTestId('role-gate')).toContainText('Only members and admins replay deliveries');
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('session-who')).toContainText('Signed in as vera, viewer');
    const secretGate = page.locator('[data-testid="role-gate"][data-call="settings.setSecret"]');
    await expect(secretGate).toContainText('Only admins change the signing secret');
    await expect(secretGate.locator('button').first()).toBeDisabled();
    await expect(page.getByTestId('audit-not-admin')).toHaveText('Only admins see the audit log.');

    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    const secret = 'an-admin-set-signing-secret';
    const set = await fetch(`${ui}rpc/settings.setSecret`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.ada}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ secret }),
    });
    expect(set.status).toBe(200);
    await new DeliveriesPage(adminPage).open(`${ui}?token=${tokens.ada}`);
    await adminPage.getByTestId('nav-settings').click();
    await expect(adminPage.getByTestId('session-who')).toContainText('Signed in as ada, admin');
    await expect(adminPage.getByTestId('role-gate')).toHaveCount(0);
    const row = adminPage.locator('[data-testid="audit-row"][data-action="settings.setSecret"]').first();
    await expect(row).toContainText('ada');
    await expect(row).toContainText('ok');
    expect(await adminPage.getByTestId('audit-card').textContent()).not.toContain(secret);
    const [download] = await Promise.all([adminPage.waitForEvent('download'), adminPage.getByTestId('audit-download').click()]);
    const lines = readFileSync((await download.path())!, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { action: string; actor: string });
    expect(lines).toContainEqual(expect.objectContaining({ action: 'settings.setSecret', actor: 'ada' }));
    expect(lines.map((l) => JSON.stringify(l)).join('\n')).not.toContain(secret);

    // Users: a new one, with a token shown once, that opens the UI with its role; the change is in the audit log.
    await adminPage.getByTestId('users-new-name').fill('newbie');
    await adminPage.getByTestId('users-new-role').selectOption('viewer');
    await adminPage.getByTestId('users-create').click();
    const token = /wit_\S+/.exec((await adminPage.getByTestId('users-created').textContent()) ?? '')![0];
    await expect(adminPage.locator('[data-testid="user-row"][data-name="newbie"] [data-testid="user-role"]')).toHaveValue('viewer');
    await expect(adminPage.locator('[data-testid="user-row"][data-name="ada"] [data-testid="user-revoke"]')).toBeDisabled();
    await adminPage.getByTestId('audit-refresh').click();
    await expect(adminPage.locator('[data-testid="audit-row"][data-action="users.create"]').first()).toContainText('newbie');
    const newbie = await (await browser.newContext()).newPage();
    await new DeliveriesPage(newbie).open(`${ui}?token=${token}`);
    await newbie.getByTestId('nav-settings').click();
    await expect(newbie.getByTestId('session-who')).toContainText('Signed in as newbie, viewer');
    await adminContext.close();
  });

  test('a user revoked at the command line is told so on the open page, how to get a new token and where to enter it', async ({ page }) => {
    const ui = team.lines.UI!;
    const body = giftCardBody();
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const rita = new DeliveriesPage(page);
    await rita.open(`${ui}?token=${await createTeamUser(cluster.url, 'rita')}`);
    await expect(rita.rows.first()).toBeVisible();

    await serveCommand(cluster.url, 'user', 'revoke', 'rita');
    // Her stream is closed at once; the new ticket it asks for is refused, as revoked.
    const refused = page.getByTestId('token-refused');
    await expect(refused).toHaveAttribute('data-reason', 'revoked', { timeout: 30_000 });
    await expect(refused.getByRole('heading')).toHaveText('Your token was revoked');
    await expect(page.getByTestId('token-refused-how')).toContainText('webhook-inspector serve user create YOUR-NAME --store postgresql://');
    await expect(page.getByTestId('token-refused-how')).toContainText('Settings → Users');
    await expect(page.getByTestId('live-indicator')).toHaveText('signed out');
    await expect(page.getByTestId('token-refused-fact')).toHaveText('Signed out: your token was revoked');
    await expect(page.getByText('Connecting to the inspector core')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await expect(rita.rows).toHaveCount(0);

    // Nothing pasted yet: the line under the token field says what to paste, and goes with the first edit.
    await page.getByTestId('token-refused-open').click();
    await expect(page.getByTestId('token-refused-problem')).toHaveText('Paste the new token first (wit_…).');
    await page.getByTestId('token-refused-token').fill('w');
    await expect(page.getByTestId('token-refused-problem')).toHaveCount(0);
    // An admin gives the name a new token; pasted here, it opens the page again, in this tab only.
    await page.getByTestId('token-refused-token').fill(await createTeamUser(cluster.url, 'rita'));
    await page.getByTestId('token-refused-open').click();
    await expect(page.getByTestId('live-indicator')).toHaveText('live');
    await expect(rita.rows.first()).toBeVisible();
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('session-who')).toContainText('Signed in as rita, member');
  });

  test('the Store line moves with the list for a team user, each delivery counted as it is listed', async ({ page }) => {
    const alice = new DeliveriesPage(page);
    await alice.open(`${team.lines.UI!}?token=${tokens.alice}`);
    const topBar = new TopBar(page);
    await expect.poll(async () => (await alice.rows.count()) === (await topBar.storedCount())).toBe(true);
    for (let sent = 1; sent <= 3; sent++) {
      const before = await alice.rows.count();
      const body = giftCardBody();
      expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
      await expect(alice.rows).toHaveCount(before + 1);
      expect(await topBar.storedCount()).toBe(before + 1);
    }
  });

  test('a role changed at the command line reaches an open page at once, and no token ever travels in a URL after the first', async ({ page }) => {
    const urls: string[] = [];
    page.on('request', (request) => urls.push(request.url()));
    const ui = team.lines.UI!;
    const mona = new DeliveriesPage(page);
    await mona.open(`${ui}?token=${tokens.mona}`);
    await mona.select(mona.rows.first());
    const send = page.getByTestId('replay-panel').getByTestId('replay-send');
    await expect(send).toBeEnabled();

    await runCli(process.execPath, [builtCli, 'serve', 'user', 'role', 'mona', 'viewer', '--store', cluster.url]);
    // Her stream is closed; the UI opens another with a new ticket, and reads her role again.
    await expect(send).toBeDisabled({ timeout: 30_000 });
    await expect(page.getByTestId('live-indicator')).toContainText(/live/i);

    const streams = urls.filter((url) => new URL(url).pathname === '/events');
    expect(streams.length).toBeGreaterThanOrEqual(2);
    for (const url of streams) expect(new URL(url).searchParams.has('ticket')).toBe(true);
    expect(urls.slice(1).filter((url) => url.includes(tokens.mona!))).toEqual([]);
  });
});

test.describe('Settings → Connect to a shared inspector', () => {
  test('in the browser build, says which inspector the page is on and offers no connect form', async ({ deliveriesPage }) => {
    const { page } = deliveriesPage;
    await page.getByTestId('nav-settings').click();
    const origin = new URL(page.url()).origin;
    await expect(page.getByTestId('settings-shared-address')).toHaveText(`${origin}/`);
    await expect(page.getByTestId('settings-shared-url')).toHaveCount(0);
    await expect(page.getByTestId('settings-shared-connect')).toHaveCount(0);
  });

  /** The desktop's preload, stood in for in the page: each action recorded, answering as the main process would. */
  async function withDesktopPreload(page: Page, shown: { origin: string } | null, connectError: string | null) {
    await page.addInitScript(
      ({ shown, connectError }) => {
        const calls: unknown[][] = [];
        (globalThis as unknown as { desktopCalls: unknown[][] }).desktopCalls = calls;
        (globalThis as unknown as { inspectorNative: unknown }).inspectorNative = {
          sharedInspector: async () => shown,
          connectSharedInspector: async (address: string, token: string) => {
            calls.push(['connect', address, token]);
            if (connectError) throw new Error(connectError);
          },
          useLocalInspector: async () => void calls.push(['useLocal']),
        };
      },
      { shown, connectError },
    );
  }
  const desktopCalls = (page: Page) => page.evaluate(() => (globalThis as unknown as { desktopCalls: unknown[][] }).desktopCalls);

  test('in the desktop app, connects with the address and token, and says why it could not', async ({ page, inspector }) => {
    const refused = "Error invoking remote method 'inspector-native:connect-shared-inspector': Error: The shared inspector at https://inspector.example.com does not accept this token (revoked, or for another server?).";
    await withDesktopPreload(page, null, refused);
    await new DeliveriesPage(page).open(inspector.uiUrl);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-shared-now')).toContainText(/this machine/i);
    await expect(page.getByTestId('settings-shared-connect')).toBeDisabled();

    await page.getByTestId('settings-shared-url').fill('https://inspector.example.com');
    await page.getByTestId('settings-shared-token').fill(' ');
    await page.getByTestId('settings-shared-connect').click();
    await expect(page.getByTestId('settings-shared-problem')).toHaveText('Your token is needed (printed once by `serve user create`).');
    await page.getByTestId('settings-shared-token').fill('wit_alice');
    await expect(page.getByTestId('settings-shared-problem')).toHaveCount(0);

    await page.getByTestId('settings-shared-url').fill('ftp://inspector.example.com');
    await page.getByTestId('settings-shared-token').fill('wit_alice');
    await page.getByTestId('settings-shared-connect').click();
    await expect(page.getByTestId('settings-shared-problem')).toContainText('https://');
    expect(await desktopCalls(page)).toEqual([]);

    await page.getByTestId('settings-shared-url').fill('https://inspector.example.com');
    await page.getByTestId('settings-shared-connect').click();
    await expect(page.getByTestId('settings-shared-error')).toHaveText(
      'The shared inspector at https://inspector.example.com does not accept this token (revoked, or for another server?).',
    );
    expect(await desktopCalls(page)).toEqual([['connect', 'https://inspector.example.com', 'wit_alice']]);
    await expect(page.getByTestId('settings-shared-token')).toHaveAttribute('type', 'password');
  });

  test('in the desktop app, a refused token sends you back to the local inspector, where a new one is entered', async ({ page, inspector }) => {
    await withDesktopPreload(page, { origin: 'https://inspector.example.com' }, null);
    const url = new URL(inspector.uiUrl);
    url.searchParams.set('token', 'wit_not-this-inspectors');
    await page.goto(url.toString());
    const refused = page.getByTestId('token-refused');
    await expect(refused).toHaveAttribute('data-reason', 'unrecognised');
    await expect(refused).toContainText('Then go back to the local inspector and enter the new token in Settings → Connect to a shared inspector.');
    await expect(page.getByTestId('token-refused-token')).toHaveCount(0);
    await page.getByTestId('token-refused-local').click();
    await expect.poll(() => desktopCalls(page)).toEqual([['useLocal']]);
  });

  test('in the desktop app on a shared inspector, says which and goes back to the local one', async ({ page, inspector }) => {
    await withDesktopPreload(page, { origin: 'https://inspector.example.com' }, null);
    await new DeliveriesPage(page).open(inspector.uiUrl);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-shared-now')).toContainText('https://inspector.example.com');
    await expect(page.getByTestId('settings-shared-url')).toHaveCount(0);
    await page.getByTestId('settings-shared-local').click();
    await expect.poll(() => desktopCalls(page)).toEqual([['useLocal']]);
  });
});
