import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { startHandler, type HandlerUnderCheck } from '../support/handlers-under-check';
import { expect, test } from './fixtures';
import { CheckPage } from './pages/check-page';

test.use({ secret: testSecret });

const handlers: HandlerUnderCheck[] = [];
test.afterEach(async () => {
  await Promise.all(handlers.splice(0).map((handler) => handler.close()));
});

test('the Check view grades a handler live, opens a case, sends it again, keeps the run and compares the next one with it', async ({ page, inspector }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The flawed handler answers three requests, then holds the rest until the page has shown those three.
  const flawed = await startHandler(testSecret, 'skips-signature', { hold: { after: 3, until: held } });
  const correct = await startHandler(testSecret, 'none');
  handlers.push(flawed, correct);
  try {
    const check = new CheckPage(page);
    await check.open(inspector.uiUrl);
    const { view, run, rows, detail } = check;
    await expect(view.getByTestId('check-secret-fingerprint')).toHaveText(/^sha256:[0-9a-f]{8}$/);

    await check.start(flawed.url);
    // Live: the first cases are listed while the rest are still waiting for the handler.
    await expect(rows).toHaveCount(3);
    await expect(run).toHaveAttribute('data-state', 'running');
    await expect(view.getByTestId('check-progress')).toHaveText(/Running: 3 of \d+ cases graded/);
    await expect(rows.first()).toHaveAttribute('data-verdict', 'security-failure');
    release();

    await check.finished();
    await expect(view.getByTestId('check-counts')).toContainText('10 security failures · 0 failed');
    await expect(check.groups.first()).toHaveAttribute('data-category', 'rejects-forgeries');
    for (let i = 0; i < 10; i++) await expect(rows.nth(i)).toHaveAttribute('data-verdict', 'security-failure');
    await expect(rows.nth(10)).toHaveAttribute('data-verdict', 'pass');
    await expect(view.getByTestId('check-latency')).toContainText('p50');

    // The keyboard moves through the cases as in the other lists; Escape closes the detail.
    await view.getByTestId('check-results').focus();
    await page.keyboard.press('ArrowDown');
    await expect(detail).toHaveAttribute('data-case', 'rejects-forgeries/wrong-secret');
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);

    await check.openCase('two X-Service-Signature headers');
    await expect(detail).toHaveAttribute('data-case', 'rejects-forgeries/two-signature-headers');
    await expect(detail.getByTestId('check-case-reason')).toContainText('a forged delivery was accepted');
    await expect(detail.getByTestId('check-request-headers').locator('th', { hasText: 'X-Service-Signature' })).toHaveCount(2);
    await expect(detail.getByTestId('check-request-body')).toContainText('"payout_type":"gift_cards"');
    await expect(detail.getByTestId('check-exchange-answer')).toContainText('200');
    await expect(detail.getByTestId('check-response-body')).toHaveText('200');

    const answeredBefore = flawed.answered();
    await detail.getByTestId('check-case-resend').click();
    await expect(detail.getByTestId('check-case-resent')).toBeVisible();
    expect(flawed.answered()).toBe(answeredBefore + 1);
    await expect(detail).toContainText('Sent again');

    await view.getByTestId('check-keep').click();
    await expect(view.getByTestId('check-kept')).toBeVisible();

    await check.start(correct.url);
    await check.finished();
    await expect(view.getByTestId('check-counts')).toContainText('0 security failures · 0 failed');

    await view.getByTestId('check-compare').selectOption({ index: 1 });
    await expect(check.changedRows).toHaveCount(10);
    for (const row of await check.changedRows.all()) {
      await expect(row).toHaveAttribute('data-verdict', 'pass');
      await expect(row.getByTestId('check-row-then')).toHaveAttribute('data-then', 'security-failure');
    }
  } finally {
    release();
  }
});

test("a case's answer is set beside the same case's answer in a kept run: status, headers and the changed line of the body", async ({ page, inspector }) => {
  let version = 1;
  // A handler whose answer body changes between the two runs: one line of it, the others the same.
  const handler = await startHandler(testSecret, 'none', { answerBody: (status) => `status ${status}\nbuild ${version}\nhandled` });
  handlers.push(handler);
  const check = new CheckPage(page);
  await check.open(inspector.uiUrl);
  const { view, detail } = check;

  await check.start(handler.url);
  await check.finished();
  await view.getByTestId('check-keep').click();
  await expect(view.getByTestId('check-kept')).toBeVisible();

  version = 2;
  await check.start(handler.url);
  await check.finished();
  await view.locator('[data-testid="check-row"][data-case="rejects-forgeries/wrong-secret"]').click();
  await expect(detail).toHaveAttribute('data-case', 'rejects-forgeries/wrong-secret');
  // No run picked to compare with: nothing to set the answer beside.
  await expect(detail.getByTestId('check-answer-compare')).toHaveCount(0);

  await view.getByTestId('check-compare').selectOption({ index: 1 });
  const forged = detail.getByTestId('check-answer-compare');
  await expect(forged).toContainText('Compare the answer with the kept run of');
  await forged.getByTestId('check-answer-compare-toggle').click();
  // A forgery is refused 401 by both runs: the same status, only the build line differs.
  await expect(forged.getByTestId('answer-comparison')).toHaveAttribute('data-same', 'false');
  await expect(forged.getByTestId('answer-comparison')).toContainText('Answer 401 → 401');
  const diff = forged.getByTestId('answer-body-diff');
  await expect(diff.locator('.compare-line-removed')).toHaveText('-build 1');
  await expect(diff.locator('.compare-line-added')).toHaveText('+build 2');
  await expect(diff).toContainText(' status 401');

  // A case of two requests sets each answer beside its own.
  await view.locator('[data-testid="check-row"][data-case="at-least-once/same-bytes-again"]').click();
  await expect(detail).toHaveAttribute('data-case', 'at-least-once/same-bytes-again');
  const exchanges = detail.getByTestId('check-answer-compare');
  await expect(exchanges).toHaveCount(2);
  await exchanges.nth(1).getByTestId('check-answer-compare-toggle').click();
  await expect(exchanges.nth(1).getByTestId('answer-comparison')).toContainText('Answer 200 → 200');
  await expect(exchanges.nth(1).getByTestId('answer-body-diff').locator('.compare-line-added')).toHaveText('+build 2');
});

test("the list shows each failure's reason and what to change, without opening it, and the root cause one mistake explains", async ({ page, inspector }) => {
  const resends = await startHandler(testSecret, 'fails-on-second-copy');
  const reserialises = await startHandler(testSecret, 'reserialises-json');
  handlers.push(resends, reserialises);
  const check = new CheckPage(page);
  await check.open(inspector.uiUrl);

  await check.start(resends.url);
  await check.finished();
  const failed = check.view.locator('[data-testid="check-row"][data-verdict="fail"]');
  await expect(failed).toHaveCount(3);
  for (const row of await failed.all()) {
    await expect(row.getByTestId('check-row-reason')).toBeVisible();
    await expect(row.getByTestId('check-row-reason')).toContainText('500: the service retries');
    await expect(row.getByTestId('check-row-fix')).toContainText('Fix:');
  }
  const copy = check.view.locator('[data-testid="check-row"][data-case="at-least-once/same-bytes-again"]');
  await expect(copy.getByTestId('check-row-fix')).toContainText('answer 2xx to a copy you already processed');
  // Passes say nothing more; no case is open.
  await expect(check.view.locator('[data-testid="check-row"][data-verdict="pass"] [data-testid="check-row-reason"]')).toHaveCount(0);
  await expect(check.detail).toHaveCount(0);

  await check.start(reserialises.url);
  await check.finished();
  const cause = check.view.getByTestId('check-root-cause');
  await expect(cause).toHaveCount(1);
  await expect(cause).toHaveAttribute('data-cause', 'signature-over-reserialised-json');
  await expect(cause).toContainText('signature checked over re-serialised JSON');
  await expect(cause).toContainText('Fix: compute the HMAC over the raw request body');
  const notPassed = check.view.locator('[data-testid="check-row"]:not([data-verdict="pass"])');
  expect(await notPassed.count()).toBeGreaterThanOrEqual(2);
  for (const row of await notPassed.all()) {
    await expect(row.getByTestId('check-row-reason')).toBeVisible();
    await expect(row.getByTestId('check-row-cause')).toContainText('root cause: signature checked over re-serialised JSON');
  }
});

test('from a stored delivery, "Check my handler with this delivery" opens Check with it added, and the run sends it signed again and grades it', async ({
  page,
  inspector,
  deliveriesPage,
}) => {
  const handler = await startHandler(testSecret, 'none');
  handlers.push(handler);
  // Signed by the account with another secret than the handler verifies with: only the new signature lets it pass.
  const body = giftCardBody({ recipient_email: 'checked@example.com' });
  expect(await inspector.deliver('/webhooks', body, serviceHeaders(body, 'the-account-secret'))).toBe(200);
  expect(await inspector.deliver('/webhooks', Buffer.from('ping'), { 'Content-Type': 'text/plain' })).toBe(200);

  // A test ping is no one's rule: no action on it.
  await deliveriesPage.select(deliveriesPage.rows.filter({ hasNotText: 'checked@example.com' }));
  await expect(deliveriesPage.detail.getByTestId('check-with-delivery')).toHaveCount(0);
  const row = deliveriesPage.rows.filter({ hasText: 'checked@example.com' });
  const id = Number(await row.getAttribute('data-id'));
  await deliveriesPage.select(row);
  await deliveriesPage.detail.getByTestId('check-with-delivery').click();

  const check = new CheckPage(page);
  await expect(check.view).toBeVisible();
  await expect(check.storedItems).toHaveCount(1);
  await expect(check.storedItem(id)).toContainText(`#${id}`);
  expect(new URL(page.url()).hash).toBe(`#/check?deliveries=${id}`);

  // Added by hand, and removed: the list says which are added.
  await check.addStored('abc');
  await expect(check.view.getByTestId('check-stored-problem')).toContainText('"abc"');
  await check.addStored(`${id}, 999999`);
  await expect(check.storedItems).toHaveCount(2);
  // One not stored: the run is refused, saying which, before anything is sent.
  await check.view.getByTestId('check-target').fill(handler.url);
  await check.view.getByTestId('check-start').click();
  await expect(check.view.getByTestId('check-start-error')).toContainText('no delivery 999999 is stored');
  expect(handler.answered()).toBe(0);
  await check.storedItem(999999).getByTestId('check-stored-remove').click();
  await expect(check.storedItems).toHaveCount(1);
  await expect(check.storedItem(id)).toBeVisible();

  await check.start(handler.url);
  await check.finished();
  await expect(check.view.getByTestId('check-counts')).toContainText('0 security failures · 0 failed');
  const stored = check.rows.filter({ hasText: `stored delivery ${id}` });
  await expect(stored).toHaveAttribute('data-case', `acknowledges/stored-${id}`);
  await expect(stored).toHaveAttribute('data-verdict', 'pass');
  await expect(check.groups.filter({ has: page.locator(`[data-case="acknowledges/stored-${id}"]`) })).toHaveAttribute('data-category', 'acknowledges');
  expect(handler.bodies.filter((sent) => sent.equals(body))).toHaveLength(1);

  await check.openCase(`stored delivery ${id}`);
  await expect(check.detail.getByTestId('check-request-body')).toContainText('checked@example.com');
  await expect(check.detail.getByTestId('check-exchange-answer')).toContainText('200');
  await check.detail.getByTestId('check-case-delivery').click();
  await expect(deliveriesPage.detail).toHaveAttribute('data-id', String(id));
});

test.describe('with no signing secret set', () => {
  test.use({ secret: null });

  test('the Check view says none is set and how to set it, and cannot run', async ({ page, inspector }) => {
    const check = new CheckPage(page);
    await check.open(inspector.uiUrl);
    await check.view.getByTestId('check-target').fill('http://127.0.0.1:9/webhooks');
    await expect(check.view.getByTestId('check-no-secret')).toContainText('Set it in Settings');
    await expect(check.view.getByTestId('check-start')).toBeDisabled();
    await check.view.getByTestId('check-no-secret').getByRole('button').click();
    await expect(page.getByTestId('settings-secret-state')).toHaveAttribute('data-set', 'false');
  });
});
