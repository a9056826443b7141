import { join } from 'node:path';
import Database from 'better-sqlite3';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { expect, test } from './fixtures';

test.use({ secret: testSecret });

test('says in the top bar that lifecycles, duplicates and search are not updated while that lasts, and no more once they are', async ({
  inspector,
  deliveriesPage,
}) => {
  const { page } = deliveriesPage;
  // Deriving fails on every try, as on a full disk (test/integration/derived-lasting-failure.test.ts has another program's lock).
  const saboteur = new Database(join(inspector.dataDir, 'inspector.sqlite3'));
  saboteur.exec(
    "CREATE TRIGGER derive_fault BEFORE UPDATE ON store_counts WHEN NEW.name = 'derived_through' BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END",
  );
  try {
    const body = giftCardBody();
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
    await expect(page.getByTestId('derived-failure')).toHaveText('Lifecycles, duplicates and search not updated: database or disk is full');
  } finally {
    saboteur.exec('DROP TRIGGER derive_fault');
    saboteur.close();
  }
  await expect(page.getByTestId('derived-failure')).toHaveCount(0);
});
