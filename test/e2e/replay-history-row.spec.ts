import type { Locator } from '@playwright/test';
import { type ServeProcess } from '../support/cli-process';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { startBrowserTeam, type BrowserTeam } from '../support/browser-team';
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
  let started: BrowserTeam;
  let team: ServeProcess;
  let tokens: Record<string, string>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    started = await startBrowserTeam({ alice: 'member' }, ['--allow-target', '127.0.0.1']);
    ({ team, tokens } = started);
  });

  test.afterAll(async () => {
    await started?.stop();
  });

  test('a replay that got no answer keeps its "error" badge inside its row, beside who sent it', async ({ page }) => {
    expect(page.viewportSize()?.width).toBe(1440);
    const body = giftCardBody({ recipient_email: 'error-badge@example.com' });
    expect((await post(`${team.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body))).status).toBe(200);
    const ui = team.lines.UI!;
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(`${ui}?token=${tokens.alice}`);
    await expect(deliveries.rows).toHaveCount(1);
    const id = Number(await deliveries.rows.first().getAttribute('data-id'));

    // Nothing listens on this port: the replay is refused, recorded with no answer.
    const replayed = await fetch(`${ui}rpc/replay.send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tokens.alice}`, 'Content-Type': 'application/json' },
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
