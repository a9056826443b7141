import { describe, expect, it } from 'vitest';
import { emptyPayoutFields, newRecipient, payoutDefaults, payoutFields, payoutProblems } from '../../src/renderer/src/features/api/payout/payout-fields';

// The payout order form as typed, turned into api.createPayoutOrder's input by the shared schema (with the form's own
// rules: each recipient filled in, the callback https), and the lines it shows when it refuses.

const campaigns = [
  { uuid: 'c-old', name: 'Old', payoutType: 'crypto', walletCurrency: 'EUR', status: 'archived' },
  { uuid: 'c-1', name: 'One', payoutType: 'gift_cards', walletCurrency: 'USD', status: 'active' },
];
const receiver = 'https://127.0.0.1:8443/';
const ada = { ...newRecipient(), email: ' ada@example.com ', name: 'Ada', amount: '25.00', scenario: 'gift_card_redeemed' };

describe('the payout order form', () => {
  it('fills in the first active campaign, its wallet currency and the receiver, and leaves blank rows out', () => {
    const fields = { ...emptyPayoutFields(), recipients: [ada, newRecipient()] };
    const { campaign, defaults } = payoutDefaults(fields, campaigns, receiver);
    expect(campaign?.uuid).toBe('c-1');
    expect(payoutFields(defaults).parse(fields)).toEqual({
      campaign_id: 'c-1',
      wallet_currency: 'USD',
      recipients: [{ email: 'ada@example.com', name: 'Ada', amount: '25.00', scenario: 'gift_card_redeemed' }],
      callback_url: 'https://127.0.0.1:8443/webhooks',
    });
  });

  it('sends what was typed in place of the defaults, and no callback when it is emptied', () => {
    const fields = { campaignId: 'c-old', walletCurrency: ' BTC ', recipients: [{ ...ada, currency: 'ETH' }], callbackUrl: '' };
    const request = payoutFields(payoutDefaults(fields, campaigns, receiver).defaults).parse(fields);
    expect(request).toMatchObject({ campaign_id: 'c-old', wallet_currency: 'BTC', recipients: [{ currency: 'ETH' }] });
    expect(request).not.toHaveProperty('callback_url');
  });

  it('says every problem at once, in the words of the form: campaign, currency, recipients, callback', () => {
    const fields = { ...emptyPayoutFields(), recipients: [{ ...newRecipient(), email: 'grace@example.com' }], callbackUrl: 'http://127.0.0.1:1/hooks' };
    const schema = payoutFields(payoutDefaults(fields, [], null).defaults);
    expect(payoutProblems(schema.safeParse(fields))).toEqual([
      'Pick a campaign.',
      'The wallet currency is required.',
      'Recipient 1: name, amount required.',
      "The callback URL must be https:, not http: (spec 2.5). Use the receiver's HTTPS URL or an HTTPS tunnel.",
    ]);
    expect(payoutProblems(schema.safeParse({ ...fields, recipients: [newRecipient()], callbackUrl: 'not a url' }))).toContain('Add at least one recipient.');
    expect(payoutProblems(schema.safeParse({ ...fields, callbackUrl: 'not a url' }))).toContain(
      'The callback URL is not an absolute URL, e.g. https://your-tunnel.example/webhooks.',
    );
  });
});
