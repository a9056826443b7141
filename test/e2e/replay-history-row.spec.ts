import { rmSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { startTestPostgres, type TestPostgres } from '../support/postgres';
import { createTeamUser } from '../support/team-server';
import { tempDataDir } from '../support/temp-dir';
import { unusedPort } from '../support/unused-port';
import { expect, test } from './fixtures';
import { DeliveriesPage } from './pages/deliveries-page';

/** Left and right edges of an element on the page. */
async function edges(locator: Locator): Promise<{ left: number; right: number }> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('not laid out');
  return { left: box.x, right: box.x + box.width };
}

// A replay that got no answer, sent by a named user (a team's member, or `mcp (<user>)` from a coding agent):
// its row carries who sent it as well as every other column, and its red "error" badge stays whole.
test.describe('the replay history in a 1440 px window', () => {
  let cluster: TestPostgres;
  let team: ServeProcess;
  let dataDir: string;
  let token: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    cluster = await startTestPostgres();
    token = await createTeamUser(cluster.url, 'alice', 'member');
    dataDir = tempDataDir();
    team = await spawnServe(['--data-dir', dataDir, '--store', cluster.url, '--team', '--allow-target', '127.0.0.1', '--port', '0', '--ui-port', '0', '--no-simulator', '--secret', testSecret]);
  });

  test.afterAll(async () => {
    team?.child.kill('SIGTERM');
    await team?.exited;
    await cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a replay that got no answer keeps its "error" badge inside its row, beside who sent it', async ({ page }) => {
    expect(page.viewportSize()?.width).toBe(1440);
    const body = giftCardBody({ recipient_email: 'error-badge@example.com' });
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const ui = team.lines.UI!;
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(`${ui}?token=${token}`);
    await expect(deliveries.rows).toHaveCount(1);
    const id = Number(await deliveries.rows.first().getAttribute('data-id'));

    // Nothing listens on this port: the replay is refused, recorded with no answer.
    const replayed = await fetch(`${ui}rpc/replay.send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ deliveryId: id, url: `http://127.0.0.1:${await unusedPort()}/webhooks/payouts/a-long-path-of-the-handler` }),
    });
    expect(replayed.status).toBe(200);

    await deliveries.select(deliveries.rows.first());
    const row = page.getByTestId('replay-history-row').first();
    await expect(row).toHaveAttribute('data-status', 'error');
    await expect(row.getByTestId('replay-sent-by')).toHaveText('by alice');
    const summary = row.locator('summary');
    const badge = summary.locator('.replay-failed');
    await expect(badge).toHaveText('error');
    await expect(badge).toBeVisible();

    const inRow = await edges(summary);
    const pane = await edges(deliveries.detail);
    const badgeEdges = await edges(badge);
    const duration = await edges(summary.locator('.replay-row-duration'));
    // Whole, inside its row and the window, and clear of the duration beside it.
    expect(badgeEdges.left).toBeGreaterThanOrEqual(inRow.left);
    expect(badgeEdges.right).toBeLessThanOrEqual(inRow.right);
    expect(inRow.right).toBeLessThanOrEqual(pane.right);
    expect(pane.right).toBeLessThanOrEqual(1440);
    expect(badgeEdges.right).toBeLessThanOrEqual(duration.left);
    // One line: every cell of the row on the badge's line.
    const summaryBox = (await summary.boundingBox())!;
    const badgeBox = (await badge.boundingBox())!;
    expect(summaryBox.height).toBeLessThan(badgeBox.height * 2);
  });
});
