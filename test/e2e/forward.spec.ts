import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { startTarget } from '../support/replay-target';
import { expect, test } from './fixtures';

test.use({ secret: testSecret });

test('Settings shows where a delivery will be forwarded, and its detail the URL it went to', async ({ inspector, deliveriesPage }) => {
  const handler = await startTarget(() => ({ status: 204 }));
  try {
    const { page } = deliveriesPage;
    const webhooks = `${handler.url}/webhooks`;
    await page.getByTestId('nav-settings').click();
    await page.getByTestId('forward-enabled').check();
    await page.getByTestId('forward-target').fill(webhooks);
    const example = page.getByTestId('forward-example');
    await expect(example).toHaveText(`A delivery to /webhooks/demo goes to ${webhooks}, whatever path it came to.`);

    await page.getByTestId('forward-append-path').check();
    await page.getByTestId('forward-rewrite-from').fill('/webhooks');
    await page.getByTestId('forward-rewrite-to').fill('/api/hooks');
    await expect(example).toHaveText(`A delivery to /webhooks/demo goes to ${webhooks}/api/hooks/demo.`);
    await page.getByTestId('forward-append-path').uncheck();
    await expect(page.getByTestId('forward-rewrite-from')).toHaveCount(0);
    await expect(example).toHaveAttribute('data-url', webhooks);
    await page.getByTestId('forward-save').click();
    await expect(page.getByTestId('forward-summary')).toHaveText(`on → ${webhooks}`);

    const body = giftCardBody();
    expect(await inspector.deliver('/webhooks/demo', body, serviceHeaders(body, testSecret))).toBe(200);
    const [received] = await handler.received(1);
    expect(received!.url).toBe('/webhooks');

    await page.getByTestId('nav-deliveries').click();
    await deliveriesPage.select(deliveriesPage.rows.first());
    await expect(deliveriesPage.detail.getByTestId('forward-badge')).toHaveAttribute('data-status', '204');
    await expect(deliveriesPage.detail.getByTestId('forward-url')).toHaveText(webhooks);
  } finally {
    await handler.close();
  }
});
