import { expect, test } from './fixtures';
import { giftCardBody, serviceHeaders } from '../support/deliveries';

test('byte-identical copies without an idempotency key show as one group, labelled as identical bytes', async ({ deliveriesPage, inspector }) => {
  const { page } = deliveriesPage;
  // updated_at as a number: spec 6 rule 4 gives no key.
  const body = giftCardBody({ updated_at: 1772446530 });
  for (let copy = 0; copy < 3; copy++) expect(await inspector.deliver('/webhooks', body, serviceHeaders(body, null))).toBe(200);

  await page.getByTestId('nav-duplicates').click();
  const group = page.locator('[data-testid="duplicate-group-row"][data-basis="identical_bytes"]');
  await expect(group).toHaveAttribute('data-count', '3');
  await expect(group.getByTestId('identical-bytes-badge')).toHaveText('identical bytes, no key');
  await group.click();
  await expect(page.getByTestId('duplicate-detail-basis')).toContainText(
    'identical bytes — no idempotency key (spec 6 rule 4 fields missing or not strings)',
  );
  await expect(page.getByTestId('duplicate-copy')).toHaveCount(3);
});
