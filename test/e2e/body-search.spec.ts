import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { spawnServe } from '../support/cli-process';
import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { post } from '../support/https-client';
import { largeStoreDataDir } from '../support/large-store';
import { DeliveriesPage } from './pages/deliveries-page';

test('a short word no index takes is searched body by body: matches appear as found, with its progress', async ({ page }) => {
  test.setTimeout(120_000);
  // 100,000 deliveries, the two newest to zebra77 and zebra770: the scan finds them first, then goes on.
  const dataDir = largeStoreDataDir(100_000, ['zebra770@example.com', 'zebra77@example.com']);
  const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator']);
  try {
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(serve.lines.UI!);
    await deliveries.filterText('zebra77');

    const progress = page.getByTestId('search-progress');
    await expect(deliveries.rows).toHaveCount(2);
    await expect(deliveries.rows.first()).toContainText('zebra77@example.com');
    // Whether the scan is still running when looked at depends on the machine's speed: its progress line is there
    // either way, and ends saying how far it got. (Cancel is checked at the core, where a scan is stopped at once.)
    await expect(progress).toContainText(/searched [\d,]+ of 100,002 deliveries/);
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(progress).toContainText('Search done: searched 100,002 of 100,002 deliveries');
    await expect(deliveries.rows).toHaveCount(2);
    await expect(page.getByTestId('delivery-count')).toHaveText('2 matching');
    // A match that arrives now is listed on top, live.
    const body = giftCardBody({ recipient_email: 'zebra77.new@example.com' });
    expect((await post(`${serve.lines['Receiver (HTTPS)']!}/webhooks`, body, serviceHeaders(body, null))).status).toBe(200);
    await expect(deliveries.rows).toHaveCount(3);
    await expect(deliveries.rows.first()).toContainText('zebra77.new@example.com');

    // Searched to the end, it says so.
    await deliveries.filterText('zebra770');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(progress).toContainText('Search done: searched 100,003 of 100,003 deliveries');
    await expect(deliveries.rows).toHaveCount(1);
    await expect(page.getByTestId('delivery-count')).toHaveText('1 matching');
  } finally {
    serve.child.kill('SIGTERM');
    await serve.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
