import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  bodyText,
  formAQuoteCanceled,
  formAQuoteConfirmed,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalCompleted,
  giftCardRecipientBody,
  ids,
} from '../fixtures/payloads';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { expect, test, type Inspector } from './fixtures';

test.use({ secret: testSecret });

const bytes = (body: unknown) => Buffer.from(bodyText(body), 'utf8');

/** Live Form A events, a gift card with findings of every severity, and one imported from another day. */
async function seed(inspector: Inspector): Promise<void> {
  for (const body of [formAQuoteCreated(), formAQuoteConfirmed(), formAQuoteCanceled(), formAStatusChanged(), formATerminalCompleted({ txHash: ids.txHash })]) {
    const b = bytes(body);
    await inspector.deliver('/webhooks/crypto', b, serviceHeaders(b));
  }
  // Several findings: a crypto-only event on a gift card and a card PIN (errors), no signature (a warning).
  const noisy = bytes(giftCardRecipientBody({ event: 'payout.quote_confirmed', pin: '1234', status: 'mystery' }));
  await inspector.deliver('/webhooks/gift-cards', noisy, serviceHeaders(noisy, null));
  const old = bytes(giftCardRecipientBody({ recipient_email: 'last-week@example.com' }));
  const line = {
    receivedAt: new Date(Date.now() - 9 * 24 * 3_600_000).toISOString(),
    method: 'POST',
    path: '/webhooks/gift-cards',
    headers: Object.entries(serviceHeaders(old)),
    bodyBase64: old.toString('base64'),
  };
  const file = join(mkdtempSync(join(tmpdir(), 'split-')), 'old.ndjson');
  writeFileSync(file, `${JSON.stringify(line)}\n`);
  const ui = new URL(inspector.uiUrl);
  const answer = await fetch(`${ui.origin}/rpc/import.path`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: file }),
  });
  expect(answer.status).toBe(200);
}

/** Cells whose content is cut: wider than the cell shows. */
async function cutCells(rows: Locator, selector: string): Promise<string[]> {
  return rows.locator(selector).evaluateAll((cells) =>
    cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => `${cell.className}: ${cell.textContent}`),
  );
}

async function expectLegible(rows: Locator) {
  for (const selector of ['.cell-event', '.cell-time', '.cell-findings', '.cell-duplicates', '.cell-signature']) {
    expect(await cutCells(rows, selector), selector).toEqual([]);
  }
  // Every cell of those columns is on screen, not hidden by a narrow list.
  await expect(rows.locator('.cell-event:visible')).toHaveCount(await rows.count());
  await expect(rows.locator('.cell-time:visible')).toHaveCount(await rows.count());
  // No column is pushed past the row's right edge.
  expect(await rows.evaluateAll((all) => all.filter((row) => row.scrollWidth > row.clientWidth).length)).toBe(0);
}

const listWidth = (page: Page) => page.getByTestId('list-pane').evaluate((pane) => pane.getBoundingClientRect().width);

test('with the detail open, event names, times and finding badges stay whole; the split resizes by keyboard and drag, and is remembered', async ({
  inspector,
  deliveriesPage,
  page,
}) => {
  await seed(inspector);
  const { rows } = deliveriesPage;
  await expect(rows).toHaveCount(7);
  await expect(rows.last()).toContainText('last-week@example.com');
  await deliveriesPage.select(rows.filter({ hasText: 'payout.quote_confirmed' }).first());
  await expect(rows.locator('.cell-event', { hasText: /^payout\.quote_confirmed$/ })).toHaveCount(2);
  await expect(rows.last().locator('.cell-time')).toHaveText(/^[A-Z][a-z]{2} \d{1,2} |^\d{4} /);
  await expect(rows.locator('[data-testid="finding-counts"] .badge')).not.toHaveCount(0);
  await expectLegible(rows);
  await page.screenshot({ path: test.info().outputPath('split-default.png') });

  const handle = page.getByRole('separator', { name: /width of the list/i });
  await expect(handle).toBeVisible();
  const before = Number(await handle.getAttribute('aria-valuenow'));
  const widthBefore = await listWidth(page);
  await handle.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(handle).toHaveAttribute('aria-valuenow', String(before - 4));
  expect(await listWidth(page)).toBeLessThan(widthBefore);
  await page.keyboard.press('Home');
  const narrowest = Number(await handle.getAttribute('aria-valuenow'));
  expect(narrowest).toBeLessThan(before - 4);
  await expectLegible(rows);
  await page.screenshot({ path: test.info().outputPath('split-narrow.png') });

  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 300, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const dragged = Number(await handle.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThan(narrowest + 10);
  await expectLegible(rows);

  await page.reload();
  await expect(page.getByRole('separator', { name: /width of the list/i })).toHaveAttribute('aria-valuenow', String(dragged));
});
