import { signBody } from '../../src/main/core/analysis/signature';
import {
  bodyText,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalCompleted,
  formBBody,
  giftCardPayoutProcessingBody,
  giftCardRecipientBody,
  ids,
} from '../fixtures/payloads';
import { serviceHeaders, testSecret } from '../support/deliveries';
import { docsPicture } from './docs-picture';
import { expect, test } from './fixtures';

test.use({ secret: testSecret });

/** The README's screenshot: a realistic mix of traffic, one delivery open. */
test('README screenshot of the Deliveries view', { tag: '@docs' }, async ({ inspector, deliveriesPage, page }) => {
  const send = async (path: string, body: unknown, secret: string | null = testSecret, tweak = (h: Record<string, string>) => h) => {
    const bytes = Buffer.from(bodyText(body), 'utf8');
    await inspector.deliver(path, bytes, tweak(serviceHeaders(bytes, secret)));
  };
  await send('/webhooks/crypto', formAQuoteCreated());
  await send('/webhooks/crypto', formATerminalCompleted({ txHash: ids.txHash }));
  await send('/webhooks/crypto', formAStatusChanged());
  await send('/webhooks/crypto', formATerminalCompleted({ txHash: ids.txHash }));
  await send('/webhooks/gift-cards', giftCardRecipientBody({ recipient_email: 'grace@example.com', recipient_name: 'Grace Hopper', recipient_uuid: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f' }));
  await send('/webhooks/gift-cards', giftCardPayoutProcessingBody('25.00'));
  await send('/webhooks/crypto', formBBody());
  await send('/webhooks/gift-cards', giftCardRecipientBody({ status: 'viewed', viewed_at: '2026-03-02T11:00:00Z', updated_at: '2026-03-02T11:00:00Z' }), null);
  await send('/webhooks/gift-cards', giftCardRecipientBody({ recipient_email: 'alan@example.com', recipient_name: 'Alan Turing', recipient_uuid: '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a' }), testSecret, (h) => ({
    ...h,
    'X-Service-Signature': signBody(Buffer.from('tampered'), testSecret),
  }));
  await send('/webhooks/crypto', formATerminalCompleted({ txHash: ids.txHash }));

  await expect(deliveriesPage.rows).toHaveCount(10);
  await deliveriesPage.select(deliveriesPage.rows.filter({ hasText: 'payout.terminal_state' }).first());
  await expect(page.getByTestId('detail-siblings')).toHaveAttribute('data-count', '3');
  await docsPicture(page, 'screenshot.png');
});
