import { randomUUID } from 'node:crypto';
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

test('a small group is judged copy by copy: a first copy without X-Service-Delivery and a later one with it read "partly none"', async ({ deliveriesPage, inspector }) => {
  const { page } = deliveriesPage;
  const body = giftCardBody();
  const withoutId = serviceHeaders(body);
  delete withoutId['X-Service-Delivery'];
  expect(await inspector.deliver('/webhooks', body, withoutId)).toBe(200);
  expect(await inspector.deliver('/webhooks', body, { ...serviceHeaders(body), 'X-Service-Delivery': randomUUID() })).toBe(200);

  await page.getByTestId('nav-duplicates').click();
  const group = page.getByTestId('duplicate-group-row');
  await expect(group).toHaveAttribute('data-count', '2');
  await expect(group.getByTestId('delivery-id-use')).toHaveAttribute('data-use', 'partly_missing');
  // Every copy listed: the row summarises them all, with nothing said of unlisted copies.
  await expect(group.getByTestId('duplicate-responses')).toHaveAttribute('title', 'Answered, in arrival order: 200, 200');
  await expect(group.getByTestId('first-copies-note')).toHaveCount(0);
  await group.click();
  await expect(page.getByTestId('duplicate-copy')).toHaveCount(2);
  await expect(page.getByTestId('duplicate-detail').getByTestId('delivery-id-use')).toHaveAttribute('data-use', 'partly_missing');
});
