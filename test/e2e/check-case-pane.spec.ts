import { testSecret } from '../support/deliveries';
import { startHandler, type HandlerUnderCheck } from '../support/handlers-under-check';
import { expect, test } from './fixtures';
import { CheckPage } from './pages/check-page';

test.use({ secret: testSecret });

let handler: HandlerUnderCheck | null = null;
test.afterEach(async () => {
  await handler?.close();
  handler = null;
});

test("an open case's labels and its Send again button sit clear of the divider between the list and the case", async ({ page, inspector }) => {
  handler = await startHandler(testSecret, 'none');
  const check = new CheckPage(page);
  await check.open(inspector.uiUrl);
  await check.start(handler.url);
  await check.finished();
  await check.openCase('two X-Service-Signature headers');

  const divider = (await page.getByTestId('split-handle').boundingBox())!;
  const dividerRight = divider.x + divider.width;
  const labels = check.detail.locator('.facts dt');
  await expect(labels.first()).toHaveText('Case');
  for (const label of await labels.all()) {
    const box = (await label.boundingBox())!;
    expect(box.x, `label ${await label.textContent()}`).toBeGreaterThanOrEqual(dividerRight + 4);
  }
  const resend = check.detail.getByTestId('check-case-resend');
  await expect(resend).toBeVisible();
  expect((await resend.boundingBox())!.x).toBeGreaterThanOrEqual(dividerRight + 4);
  // The labels line up with the request sections' contents below them.
  const sectionTitle = (await check.detail.getByTestId('check-exchange').locator('h3').first().boundingBox())!;
  expect(Math.abs((await labels.first().boundingBox())!.x - sectionTitle.x)).toBeLessThan(1);
});
