import { giftCardBody, serviceHeaders } from '../support/deliveries';
import { expect, test } from './fixtures';
import { TopBar } from './pages/top-bar';

test('the Store line moves with the list: each delivery counted there when it is listed, without a reload', async ({ inspector, deliveriesPage, page }) => {
  const topBar = new TopBar(page);
  await expect(topBar.storeLine).toContainText('0 deliveries');
  for (let listed = 1; listed <= 5; listed++) {
    const body = giftCardBody();
    expect(await inspector.deliver('/webhooks', body, serviceHeaders(body))).toBe(200);
    await expect(deliveriesPage.rows).toHaveCount(listed);
    // Read once, as the row appears: the event that grew the list carried the count.
    expect(await topBar.storedCount()).toBe(listed);
  }
});
