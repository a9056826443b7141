import { join } from 'node:path';
import Database from 'better-sqlite3';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { expect, test } from './fixtures';

test.use({ secret: testSecret });

test('a signed delivery appears live with a valid badge; an unsigned one shows missing', async ({
  inspector,
  deliveriesPage,
}) => {
  const signed = giftCardBody({ recipient_email: 'signed@example.com' });
  expect(await inspector.deliver('/webhooks', signed, serviceHeaders(signed))).toBe(200);
  const first = deliveriesPage.rows.filter({ hasText: 'signed@example.com' });
  await expect(first).toHaveCount(1);
  await expect(deliveriesPage.badge(first)).toHaveText(/valid/i);

  const unsigned = giftCardBody({ recipient_email: 'unsigned@example.com' });
  await inspector.deliver('/webhooks', unsigned, serviceHeaders(unsigned, null));
  const second = deliveriesPage.rows.filter({ hasText: 'unsigned@example.com' });
  await expect(deliveriesPage.badge(second)).toHaveText(/missing/i);
  // newest first
  await expect(deliveriesPage.rows.first()).toContainText('unsigned@example.com');
});

test('a retry raises the first copy\'s duplicate count live, without a reload', async ({ inspector, deliveriesPage }) => {
  const body = giftCardBody({ recipient_email: 'retried@example.com' });
  const headers = serviceHeaders(body);
  await inspector.deliver('/webhooks', body, headers);
  const copies = deliveriesPage.rows.filter({ hasText: 'retried@example.com' });
  await expect(copies).toHaveCount(1);
  const firstCopy = copies.first();
  const firstId = await firstCopy.getAttribute('data-id');
  await expect(firstCopy.getByTestId('duplicate-badge')).toHaveCount(0);

  await inspector.deliver('/webhooks', body, headers);
  await expect(copies).toHaveCount(2);
  await expect(deliveriesPage.row(Number(firstId)).getByTestId('duplicate-badge')).toHaveText('×2');
  await expect(copies.first().getByTestId('duplicate-badge')).toHaveText('×2');
});

test('the list says it is ordered newest received first, and a text search newest stored first', async ({ inspector, deliveriesPage }) => {
  const body = giftCardBody({ recipient_email: 'order@example.com' });
  await inspector.deliver('/webhooks', body, serviceHeaders(body));
  const order = deliveriesPage.page.getByTestId('delivery-order');
  await expect(order).toHaveText('newest received first');
  await deliveriesPage.filterText('order@');
  await expect(deliveriesPage.rows).toHaveCount(1);
  await expect(order).toHaveText('newest stored first');
});

test('filters narrow the list by signature, event and body text', async ({ inspector, deliveriesPage }) => {
  const ok = giftCardBody({ recipient_email: 'ok@example.com' });
  await inspector.deliver('/a', ok, serviceHeaders(ok));
  const failed = giftCardBody({ event: 'payout.failed', status: 'failed', recipient_email: 'failed@example.com' });
  await inspector.deliver('/b', failed, serviceHeaders(failed, null));
  await expect(deliveriesPage.rows).toHaveCount(2);

  await deliveriesPage.filterSignature('missing');
  await expect(deliveriesPage.rows).toHaveCount(1);
  await expect(deliveriesPage.rows.first()).toContainText('failed@example.com');
  await deliveriesPage.filterSignature('');

  await deliveriesPage.filterEvent('payout.processing');
  await expect(deliveriesPage.rows).toHaveCount(1);
  await expect(deliveriesPage.rows.first()).toContainText('ok@example.com');
  await deliveriesPage.filterEvent('');

  await deliveriesPage.filterText('FAILED@example');
  await expect(deliveriesPage.rows).toHaveCount(1);
  await expect(deliveriesPage.rows.first()).toContainText('failed@example.com');
});

test('the detail pane shows the raw body, headers, signature check and findings', async ({
  inspector,
  deliveriesPage,
}) => {
  const body = giftCardBody({ recipient_email: 'detail@example.com', pin: '1234' });
  const headers = serviceHeaders(body);
  await inspector.deliver('/webhooks', body, headers);
  await deliveriesPage.select(deliveriesPage.rows.first());
  const { page } = deliveriesPage;
  await expect(page.getByTestId('detail-raw-body')).toContainText('"recipient_email":"detail@example.com"');
  await expect(page.getByTestId('detail-pretty-body')).toContainText('detail@example.com');
  await expect(page.getByTestId('detail-headers')).toContainText(headers['X-Service-Delivery']!);
  await expect(page.getByTestId('detail-signature')).toContainText(headers['X-Service-Signature']!.slice(7));
  await expect(page.getByTestId('detail-signature')).toContainText(/valid/i);
  await expect(page.getByTestId('detail-findings')).toContainText(/security/i);
});

test('a signature in uppercase hex is valid, and the pane says the digests differ only in hex case', async ({
  inspector,
  deliveriesPage,
}) => {
  const body = giftCardBody({ recipient_email: 'upper@example.com' });
  const headers = serviceHeaders(body);
  const digest = headers['X-Service-Signature']!.slice('sha256='.length);
  await inspector.deliver('/webhooks', body, { ...headers, 'X-Service-Signature': `sha256=${digest.toUpperCase()}` });
  await deliveriesPage.select(deliveriesPage.rows.first());
  const { page } = deliveriesPage;
  await expect(page.getByTestId('detail-signature')).toHaveAttribute('data-verdict', 'valid');
  const comparison = page.getByTestId('signature-comparison');
  await expect(comparison).toHaveText('same digest; hex case differs (the service sends lowercase)');
  await expect(comparison).toHaveClass(/info-text/);
  await expect(page.getByTestId('detail-findings')).toContainText('signature.uppercase_hex');
});

test('hostile bodies are shown as text, never run', async ({ inspector, deliveriesPage }) => {
  const body = giftCardBody({ recipient_name: '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>' });
  await inspector.deliver('/webhooks', body, serviceHeaders(body));
  await deliveriesPage.select(deliveriesPage.rows.first());
  await expect(deliveriesPage.page.getByTestId('detail-raw-body')).toContainText('<script>');
  expect(await deliveriesPage.page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the keyboard moves through the list and the selection is kept in the URL', async ({ inspector, deliveriesPage }) => {
  for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
    const body = giftCardBody({ recipient_email: email });
    await inspector.deliver('/webhooks', body, serviceHeaders(body));
  }
  await expect(deliveriesPage.rows).toHaveCount(3);
  const { page } = deliveriesPage;
  await deliveriesPage.select(deliveriesPage.rows.first());
  await expect(page.getByTestId('detail-raw-body')).toContainText('three@example.com');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByTestId('detail-raw-body')).toContainText('two@example.com');
  const linked = page.url();
  expect(linked).toMatch(/#\/deliveries\/\d+/);
  await page.reload();
  await expect(page.getByTestId('detail-raw-body')).toContainText('two@example.com');
  await page.keyboard.press('/');
  await expect(page.getByTestId('filter-text')).toBeFocused();
});

test('up/down move through the list as soon as it is shown, and Down in the search box moves into it, on its first row', async ({
  inspector,
  deliveriesPage,
}) => {
  for (const email of ['alpha-one@example.com', 'beta@example.com', 'alpha-two@example.com']) {
    const body = giftCardBody({ recipient_email: email });
    await inspector.deliver('/webhooks', body, serviceHeaders(body));
  }
  const { page } = deliveriesPage;
  const list = page.getByTestId('delivery-list');
  const raw = page.getByTestId('detail-raw-body');
  await expect(deliveriesPage.rows).toHaveCount(3);

  // Back from another view by the nav (which keeps the focus on its link): no click in the list first.
  await page.getByTestId('nav-duplicates').click();
  await page.getByTestId('nav-deliveries').click();
  await expect(deliveriesPage.rows).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await expect(raw).toContainText('alpha-two@example.com');
  await expect(list).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(raw).toContainText('beta@example.com');

  // Down straight after typing: the text is searched, and the list's first match is selected.
  await page.keyboard.press('/');
  await expect(page.getByTestId('filter-text')).toBeFocused();
  await page.keyboard.type('alpha');
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeFocused();
  await expect(deliveriesPage.rows).toHaveCount(2);
  await expect(raw).toContainText('alpha-two@example.com');
  await page.keyboard.press('ArrowDown');
  await expect(raw).toContainText('alpha-one@example.com');

  // Down once the matches are shown: the first row again, whichever was selected.
  await page.keyboard.press('/');
  await expect(page.getByTestId('filter-text')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(list).toBeFocused();
  await expect(raw).toContainText('alpha-two@example.com');
  await expect(page.getByTestId('filter-text')).toHaveValue('alpha');
});

test('says in the top bar that deliveries are refused while the store cannot write, and no more once it can', async ({
  inspector,
  deliveriesPage,
  page,
}) => {
  // The store refuses every insert, as a full disk does (disk-faults.test.ts has the real ones).
  const saboteur = new Database(join(inspector.dataDir, 'inspector.sqlite3'));
  saboteur.exec("CREATE TRIGGER storage_fault BEFORE INSERT ON deliveries BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END");
  const body = giftCardBody({ recipient_email: 'refused@example.com' });
  try {
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(503);
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(503);
    await expect(page.getByTestId('store-failure')).toHaveText('Not storing: database or disk is full (2 deliveries answered 503)');
  } finally {
    saboteur.exec('DROP TRIGGER storage_fault');
    saboteur.close();
  }
  // The service's retry is stored: the warning goes, the delivery shows.
  expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
  await expect(page.getByTestId('store-failure')).toHaveCount(0);
  await expect(deliveriesPage.rows.filter({ hasText: 'refused@example.com' })).toHaveCount(1);
});
