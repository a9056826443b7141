import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { listedCopiesLimit } from '../../src/shared/delivery';
import { spawnServe } from '../support/cli-process';
import { largeStoreDataDir } from '../support/large-store';
import { DeliveriesPage } from './pages/deliveries-page';

test("a lifecycle's event of many copies shows its whole count and lists only its first copies", async ({ page }) => {
  const total = listedCopiesLimit + 150;
  // `total` copies of one gift card: one event of one lifecycle.
  const dataDir = largeStoreDataDir(total);
  const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator']);
  try {
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(serve.lines.UI!);
    await deliveries.select(deliveries.row(total));
    await deliveries.detail.getByTestId('link-lifecycle').click();

    const timeline = page.getByTestId('lifecycle-timeline');
    const event = timeline.getByTestId('timeline-event');
    await expect(event).toHaveCount(1);
    await expect(event).toHaveAttribute('data-duplicates', String(total));
    await expect(page.getByTestId('lifecycle-detail')).toContainText(`1 event from ${total} deliveries`);
    await event.getByTestId('timeline-copies-toggle').click();
    const copies = event.getByTestId('timeline-copies');
    await expect(copies.getByTestId('link-delivery')).toHaveCount(listedCopiesLimit);
    await expect(copies.getByTestId('unlisted-copies')).toHaveAttribute('data-count', String(total - listedCopiesLimit));

    // The event's duplicate group: every copy counted there, and its replay and export act on all of them.
    await copies.getByTestId('link-duplicate-group').click();
    await expect(page.getByTestId('duplicate-detail').getByTestId('duplicate-detail-total')).toHaveText(`×${total}`);
  } finally {
    serve.child.kill('SIGTERM');
    await serve.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});
