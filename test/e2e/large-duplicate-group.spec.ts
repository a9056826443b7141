import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { listedCopiesLimit } from '../../src/shared/delivery';
import { spawnServe } from '../support/cli-process';
import { openStore } from '../../src/main/core/store/sqlite/open';
import { derivedTables } from '../support/derived-tables';
import { largeStoreDataDir } from '../support/large-store';
import { DeliveriesPage } from './pages/deliveries-page';

test("a large duplicate group's detail shows its whole count and lists only its first copies", async ({ page }) => {
  const total = listedCopiesLimit + 150;
  // `total` copies of one gift card: one idempotency key, its duplicate group derived (the Duplicates page lists it).
  const dataDir = largeStoreDataDir(total);
  await deriveAgain(dataDir);
  const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator']);
  try {
    const deliveries = new DeliveriesPage(page);
    await deliveries.open(serve.lines.UI!);
    await deliveries.select(deliveries.row(total));

    // The newest copy: the first ones, a gap, then this one; the badges count them all.
    const detail = deliveries.detail;
    await expect(detail.getByTestId('duplicate-badge')).toHaveText(`×${total}`);
    await expect(detail.getByTestId('detail-copies-total')).toHaveText(`×${total}`);
    await expect(detail.getByTestId('sibling')).toHaveCount(listedCopiesLimit + 1);
    await expect(detail.getByTestId('sibling-gap')).toHaveCount(1);
    await expect(detail.getByTestId('sibling').last()).toHaveAttribute('data-id', String(total));
    await expect(detail.getByTestId('unlisted-copies')).toHaveAttribute('data-count', String(total - listedCopiesLimit - 1));

    // The group's view: its facts over every copy, its first copies listed, the rest counted.
    await detail.getByTestId('link-duplicates').click();
    const group = page.getByTestId('duplicate-detail');
    await expect(group.getByTestId('duplicate-detail-total')).toHaveText(`×${total}`);
    await expect(group.getByTestId('duplicate-detail-bodies')).toHaveText('byte-identical');
    await expect(group.getByTestId('duplicate-copy')).toHaveCount(listedCopiesLimit);
    await expect(group.getByTestId('unlisted-copies')).toHaveAttribute('data-count', String(total - listedCopiesLimit));
    await expect(group.getByTestId('unlisted-copies')).toContainText('Replay and export below act on all of them');

    // Its row on the Duplicates page: the whole count; verdicts and statuses of the first copies, labelled as such.
    const row = page.getByTestId('duplicate-group-row');
    await expect(row).toHaveAttribute('data-count', String(total));
    // The copies carry no X-Service-Delivery: the group's facts say so past the listed copies.
    await expect(row.getByTestId('delivery-id-use')).toHaveAttribute('data-use', 'missing');
    for (const cell of ['duplicate-signatures', 'duplicate-responses']) {
      const note = row.getByTestId(cell).getByTestId('first-copies-note');
      await expect(note).toHaveText(`first ${listedCopiesLimit}`);
      await expect(note).toHaveAttribute('data-count', String(total - listedCopiesLimit));
    }
    await expect(row.getByTestId('duplicate-responses')).toHaveAttribute('title', new RegExp(`^Answered to the first ${listedCopiesLimit} copies`));
  } finally {
    serve.child.kill('SIGTERM');
    await serve.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** Derives the store's tables from its first delivery on, as a rebuild does: its duplicate group gets its row. */
async function deriveAgain(dataDir: string): Promise<void> {
  const db = openStore(join(dataDir, 'inspector.sqlite3'));
  try {
    db.prepare("UPDATE store_counts SET value = 0 WHERE name = 'derived_through'").run();
    await derivedTables(db).catchUpAll();
  } finally {
    db.close();
  }
}
