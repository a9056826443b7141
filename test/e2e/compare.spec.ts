import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { ReplayPanel } from './pages/replay-panel';
import { giftCardBody, serviceHeaders } from '../support/deliveries';

test("a duplicate group's copies compared: only X-Service-Delivery differs, the bodies byte-identical", async ({ deliveriesPage, inspector }) => {
  const { page } = deliveriesPage;
  const body = giftCardBody();
  const headers = serviceHeaders(body);
  expect(await inspector.deliver('/webhooks', body, { ...headers, 'X-Service-Delivery': randomUUID() })).toBe(200);
  expect(await inspector.deliver('/webhooks', body, { ...headers, 'X-Service-Delivery': randomUUID() })).toBe(200);

  await page.getByTestId('nav-duplicates').click();
  await page.getByTestId('duplicate-group-row').click();
  const copies = page.getByTestId('duplicate-copy');
  await expect(copies).toHaveCount(2);
  const [first, second] = [await copies.nth(0).getAttribute('data-id'), await copies.nth(1).getAttribute('data-id')];
  await copies.nth(1).getByTestId('link-compare-copy').click();

  await expect(page).toHaveURL(new RegExp(`#/compare/${first}/${second}$`));
  const result = page.getByTestId('compare-result');
  await expect(result).toHaveAttribute('data-equal', 'false');
  await expect(page.getByTestId('compare-summary-line').first()).toContainText('The bodies are byte-identical');
  await expect(page.getByTestId('compare-summary-line').first()).toContainText('only the headers differ: 1 value changed (X-Service-Delivery)');
  await expect(page.getByTestId('compare-body-identical')).toHaveAttribute('data-identical', 'true');
  const changed = page.locator('[data-testid="compare-header-row"]:not([data-kind="same"])');
  await expect(changed).toHaveCount(1);
  await expect(changed).toHaveAttribute('data-kind', 'changed');
  await expect(changed).toContainText('X-Service-Delivery');
  await expect(page.getByTestId('compare-signature')).toHaveAttribute('data-same', 'true');
});

test('two deliveries ticked in the list compared: the JSON path that changed, peer text escaped, swapped in one click', async ({ deliveriesPage, inspector }) => {
  const { page } = deliveriesPage;
  const left = giftCardBody({ recipient_name: 'Ada' });
  const right = giftCardBody({ recipient_name: 'Ada\u202Eevil' });
  expect(await inspector.deliver('/webhooks', left, serviceHeaders(left))).toBe(200);
  expect(await inspector.deliver('/webhooks', right, serviceHeaders(right))).toBe(200);
  await expect(deliveriesPage.rows).toHaveCount(2);
  const ids = (await deliveriesPage.rows.evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-id'))))).sort((a, b) => a - b);

  for (const id of ids) await deliveriesPage.row(id).getByTestId('delivery-mark').check();
  await expect(page.getByTestId('selection-bar')).toHaveAttribute('data-count', '2');
  await page.getByTestId('selection-compare').click();

  await expect(page).toHaveURL(new RegExp(`#/compare/${ids[0]}/${ids[1]}$`));
  await expect(page.getByTestId('compare-left')).toHaveAttribute('data-id', String(ids[0]));
  const change = page.getByTestId('compare-json-change');
  await expect(change).toHaveCount(1);
  await expect(change).toHaveAttribute('data-path', '$.recipient_name');
  await expect(change).toHaveAttribute('data-kind', 'changed');
  // U+202E would reverse what follows it on screen: it is shown as its escape.
  await expect(change.locator('.raw-escape')).toHaveText('\\u{202E}');
  await expect(page.getByTestId('compare-bytes')).toHaveAttribute('data-first-difference', /^\d+$/);
  await expect(page.getByTestId('compare-summary-line').first()).toContainText('The bodies differ: 1 JSON difference');

  await page.getByTestId('compare-swap').click();
  await expect(page).toHaveURL(new RegExp(`#/compare/${ids[1]}/${ids[0]}$`));
  await expect(page.getByTestId('compare-left')).toHaveAttribute('data-id', String(ids[1]));

  // A delivery's detail compares it with any other by number.
  await page.getByTestId('compare-left').getByTestId('link-delivery').click();
  await expect(deliveriesPage.detail).toHaveAttribute('data-id', String(ids[1]));
  await page.getByTestId('compare-with-input').fill(String(ids[0]));
  await page.getByTestId('compare-with-submit').click();
  await expect(page).toHaveURL(new RegExp(`#/compare/${ids[1]}/${ids[0]}$`));
  await expect(page.getByTestId('compare-result')).toHaveAttribute('data-equal', 'false');
});

test("a replay's answer compared with the one before: status, headers and body text", async ({ deliveriesPage, inspector }) => {
  const { page } = deliveriesPage;
  // A handler that fails the first time and accepts after: the answers a fix makes.
  let calls = 0;
  const handler = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls += 1;
      if (calls === 1) {
        res.writeHead(500, { 'Content-Type': 'text/plain' });
        res.end('boom\nat handler.js:12\n');
      } else {
        res.writeHead(200, { 'Content-Type': 'application/json', 'X-Fixed': 'yes' });
        res.end('{"ok":true}\n');
      }
    });
  });
  await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
  try {
    const body = giftCardBody();
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
    await deliveriesPage.select(deliveriesPage.rows.first());
    const replay = new ReplayPanel(page);
    const url = `http://127.0.0.1:${(handler.address() as AddressInfo).port}/hooks`;
    await replay.keepSigning(url);
    await replay.send();
    await replay.send();
    await expect(replay.historyRows).toHaveCount(2);
    const newest = replay.historyRows.nth(0);
    await newest.locator('summary').first().click();
    await newest.getByTestId('replay-compare-toggle').click();
    const comparison = newest.getByTestId('answer-comparison');
    await expect(comparison).toHaveAttribute('data-same', 'false');
    await expect(comparison).toContainText('Answer 500 → 200');
    await expect(comparison.locator('[data-testid="compare-header-row"][data-kind="added"]')).toContainText('X-Fixed: yes');
    await expect(comparison.getByTestId('answer-body-diff')).toContainText('-boom');
    await expect(comparison.getByTestId('answer-body-diff')).toContainText('+{"ok":true}');
  } finally {
    await new Promise<void>((resolve) => {
      handler.close(() => resolve());
      handler.closeAllConnections();
    });
  }
});

test.describe('with the simulator', () => {
  test.use({ simulator: true });

  test("a lifecycle's event against the one before: which fields changed", async ({ deliveriesPage }) => {
    const { page } = deliveriesPage;
    await page.getByTestId('nav-simulator').click();
    await page.getByTestId('simulator-create-demo').click();
    await expect(page.getByTestId('simulator-demo-result')).toBeVisible();

    await page.getByTestId('nav-lifecycles').click();
    // The first lifecycle of two events or more (a send may have only one yet).
    // The simulator sends a payout's later events after a while: look again until one has arrived.
    const rows = page.getByTestId('lifecycle-row');
    const timeline = page.getByTestId('lifecycle-timeline');
    await expect(async () => {
      await expect(rows.first()).toBeVisible();
      let found = false;
      for (let i = 0; i < (await rows.count()) && !found; i++) {
        await rows.nth(i).click();
        await expect(timeline).toHaveAttribute('data-key', (await rows.nth(i).getAttribute('data-key'))!);
        found = Number(await timeline.getAttribute('data-events')) >= 2;
      }
      expect(found).toBe(true);
    }).toPass({ timeout: 60_000 });
    const events = timeline.getByTestId('timeline-event');
    await expect(events.nth(0).getByTestId('link-compare-previous')).toHaveCount(0);
    const before = await events.nth(0).getByTestId('link-delivery').first().textContent();
    const now = await events.nth(1).getByTestId('link-delivery').first().textContent();
    await events.nth(1).getByTestId('link-compare-previous').click();

    await expect(page).toHaveURL(new RegExp(`#/compare/${before!.slice(1)}/${now!.slice(1)}$`));
    await expect(page.getByTestId('compare-result')).toHaveAttribute('data-equal', 'false');
    await expect(page.getByTestId('compare-summary-line').first()).toContainText(/^The bodies differ: \d+ JSON differences? /);
    await expect(page.getByTestId('compare-json-change').first()).toBeVisible();
  });
});
