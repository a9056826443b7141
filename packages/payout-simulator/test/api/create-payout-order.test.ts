import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { validatePayoutOrder } from 'payout-simulator/internal/api/create-payout-order';
import { catalogCurrencies, giftCardEntries } from 'payout-simulator/internal/api/recipient-draws';
import { SimWorld } from 'payout-simulator/internal/api/world';
import { demoPayoutOrderRequests } from 'payout-simulator/internal/api/demo-order';
import { scenarioNames } from 'payout-simulator/internal/model';

const world = new SimWorld(1);
const now = new Date('2026-02-03T04:05:06.000Z');
const context = (w = world) => ({ world: w, now, newUuid: randomUUID });

const crypto = world.campaigns.find(
  (c) => c.status === 'active' && catalogCurrencies(world.catalog(c.uuid)!).some((code) => code !== c.wallet_currency),
)!;
const otherCrypto = catalogCurrencies(world.catalog(crypto.uuid)!).find((code) => code !== crypto.wallet_currency)!;
const giftCards = world.campaigns.find((c) => c.status === 'active' && c.payout_type === 'gift_cards')!;
const archived = world.campaigns.find((c) => c.status === 'archived')!;

const person = { email: 'ada.lovelace@example.com', name: 'Ada Lovelace' };
const cryptoBody = (recipient: object = {}, extra: object = {}) => ({
  campaign_id: crypto.uuid,
  wallet_currency: crypto.wallet_currency,
  recipients: [{ ...person, amount: '1.5', ...recipient }],
  callback_url: 'https://merchant.example/hooks',
  ...extra,
});
const giftBody = (recipient: object = {}, extra: object = {}) => ({
  campaign_id: giftCards.uuid,
  wallet_currency: giftCards.wallet_currency,
  recipients: [{ ...person, amount: 25, ...recipient }],
  ...extra,
});

function errorsOf(body: unknown) {
  const result = validatePayoutOrder(body, context());
  if (result.ok) throw new Error('expected the body to be refused');
  return result.errors;
}

describe('payout-order validation', () => {
  it('refuses a body that is not an object, and missing required fields', () => {
    for (const body of [null, [], 'text', 3]) expect(errorsOf(body)).toEqual([{ field: '(body)', message: 'the body must be a JSON object' }]);
    expect(errorsOf({})).toEqual([
      { field: 'campaign_id', message: 'is required' },
      { field: 'wallet_currency', message: 'is required' },
      { field: 'recipients', message: 'is required' },
    ]);
    expect(errorsOf({ ...cryptoBody(), campaign_id: 5 })).toEqual([{ field: 'campaign_id', message: 'must be a string (a campaign uuid)' }]);
  });

  it('needs a non-empty recipients list of at most 100', () => {
    expect(errorsOf(cryptoBody({}, { recipients: [] }))).toEqual([{ field: 'recipients', message: 'must list at least one recipient' }]);
    expect(errorsOf(cryptoBody({}, { recipients: {} }))).toEqual([{ field: 'recipients', message: 'must be a list' }]);
    const many = Array.from({ length: 101 }, () => ({ ...person, amount: '1' }));
    expect(errorsOf(cryptoBody({}, { recipients: many }))).toEqual([{ field: 'recipients', message: 'must list at most 100 recipients' }]);
  });

  it('checks the campaign exists and is active', () => {
    expect(errorsOf(cryptoBody({}, { campaign_id: randomUUID() }))).toEqual([{ field: 'campaign_id', message: 'no campaign has this id' }]);
    expect(errorsOf(cryptoBody({}, { campaign_id: archived.uuid, wallet_currency: archived.wallet_currency }))).toContainEqual({
      field: 'campaign_id',
      message: 'the campaign is archived; payout orders need an active campaign',
    });
  });

  it('checks the wallet currency is a known code and the campaign’s', () => {
    expect(errorsOf(cryptoBody({}, { wallet_currency: 'XYZ' }))).toEqual([{ field: 'wallet_currency', message: 'unknown currency code "XYZ"' }]);
    const wrong = crypto.wallet_currency === 'BTC' ? 'ETH' : 'BTC';
    expect(errorsOf(cryptoBody({}, { wallet_currency: wrong }))).toEqual([
      { field: 'wallet_currency', message: `the campaign pays from its ${crypto.wallet_currency} wallet, not ${wrong}` },
    ]);
    expect(errorsOf(cryptoBody({}, { wallet_currency: crypto.wallet_currency.toLowerCase() }))[0]!.field).toBe('wallet_currency');
  });

  it('takes callback_url only as an absolute https: URL, and null or absent as none', () => {
    for (const url of ['http://merchant.example/hooks', 'merchant.example/hooks', '/hooks', '', 'ftp://merchant.example']) {
      expect(errorsOf(cryptoBody({}, { callback_url: url }))).toEqual([{ field: 'callback_url', message: 'must be an absolute https: URL' }]);
    }
    expect(errorsOf(cryptoBody({}, { callback_url: 7 }))).toEqual([{ field: 'callback_url', message: 'must be a string' }]);
    const withNull = validatePayoutOrder(cryptoBody({}, { callback_url: null }), context());
    const absent = validatePayoutOrder({ ...cryptoBody(), callback_url: undefined }, context());
    expect(withNull.ok && withNull.order.callback_url).toBeNull();
    expect(absent.ok && absent.order.callback_url).toBeNull();
  });

  it('checks each recipient’s email, name and amount', () => {
    expect(errorsOf(cryptoBody({ email: 'not-an-email', name: ' ' }))).toEqual([
      { field: 'recipients.0.email', message: 'must be an email address' },
      { field: 'recipients.0.name', message: 'must not be empty' },
    ]);
    const amountError = (amount: unknown, body: (recipient: object) => object = cryptoBody) => errorsOf(body({ amount }));
    expect(amountError('abc')).toEqual([{ field: 'recipients.0.amount', message: 'must be a decimal string such as "25.00"' }]);
    expect(amountError('1e3')[0]!.message).toBe('must be a decimal string such as "25.00"');
    expect(amountError('01.5')[0]!.message).toBe('must be a decimal string such as "25.00"');
    expect(amountError('-1')[0]!.message).toBe('must be a decimal string such as "25.00"');
    expect(amountError('0')[0]!.message).toBe('must be greater than 0');
    expect(amountError('1000000.01')[0]!.message).toBe('must be at most 1000000');
    expect(amountError(1.5)[0]!.message).toBe('crypto amounts are decimal strings, e.g. "0.015"');
    expect(amountError(true)[0]!.message).toBe('must be a decimal string such as "25.00"');
    expect(amountError('1.0000000001')[0]!.message).toMatch(/^has more than \d decimal places$/);
    expect(amountError(10.001, giftBody)[0]!.message).toBe('has more than 2 decimal places');
    expect(amountError(-5, giftBody)[0]!.message).toBe('must be greater than 0');
  });

  it('checks scenario, currency and brand against the payout type and the catalog', () => {
    expect(errorsOf(cryptoBody({ scenario: 'nope' }))[0]).toEqual({ field: 'recipients.0.scenario', message: `must be one of ${scenarioNames.join(', ')}` });
    expect(errorsOf(cryptoBody({ scenario: 'gift_card_redeemed' }))).toEqual([{ field: 'recipients.0.scenario', message: 'is not a crypto scenario' }]);
    expect(errorsOf(giftBody({ scenario: 'crypto_failed' }))).toEqual([{ field: 'recipients.0.scenario', message: 'is not a gift_cards scenario' }]);
    expect(errorsOf(cryptoBody({ currency: 'EUR' }))).toEqual([{ field: 'recipients.0.currency', message: '"EUR" is not a currency of the campaign\'s catalog' }]);
    expect(errorsOf(cryptoBody({ scenario: 'crypto_cross_currency_completed', currency: crypto.wallet_currency }))[0]!.field).toBe('recipients.0.currency');
    expect(errorsOf(cryptoBody({ scenario: 'crypto_same_currency_completed', currency: otherCrypto }))[0]!.field).toBe('recipients.0.currency');
    expect(errorsOf(cryptoBody({ brand_uuid: randomUUID() }))).toEqual([{ field: 'recipients.0.brand_uuid', message: 'only gift-card recipients have a brand' }]);
    const otherFiat = giftCards.wallet_currency === 'USD' ? 'EUR' : 'USD';
    expect(errorsOf(giftBody({ currency: otherFiat }))).toEqual([
      { field: 'recipients.0.currency', message: `gift cards are paid in the wallet currency, ${giftCards.wallet_currency}` },
    ]);
    expect(errorsOf(giftBody({ brand_uuid: randomUUID() }))).toEqual([{ field: 'recipients.0.brand_uuid', message: "is not a brand of the campaign's catalog" }]);
  });

  it('reports every invalid recipient with its index; shape errors first, checks against the campaign once the shape is valid', () => {
    const recipients = [{ ...person, amount: '1' }, { ...person, amount: '0' }, { ...person, amount: '2', scenario: 'gift_card_failed' }];
    expect(errorsOf(cryptoBody({}, { recipients })).map((e) => e.field)).toEqual(['recipients.1.amount', 'recipients.2.scenario']);
    const shapeToo = [...recipients, { ...person, email: 'x', amount: '2' }];
    expect(errorsOf(cryptoBody({}, { recipients: shapeToo })).map((e) => e.field)).toEqual(['recipients.3.email']);
  });
});

describe('payout-order creation', () => {
  it('builds the order from a valid crypto body, with what the recipient asked for', () => {
    const result = validatePayoutOrder(cryptoBody({ scenario: 'crypto_cross_currency_completed', currency: otherCrypto, extra: 'ignored' }), context());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.order).toMatchObject({
      campaign_id: crypto.uuid,
      payout_type: 'crypto',
      wallet_currency: crypto.wallet_currency,
      callback_url: 'https://merchant.example/hooks',
      created_at: '2026-02-03T04:05:06.000Z',
      recipients: [{ ...person, amount: '1.5', currency: otherCrypto, scenario: 'crypto_cross_currency_completed' }],
    });
    const [recipient] = result.order.recipients;
    expect(new Set([result.order.uuid, recipient!.uuid, recipient!.payout_uuid]).size).toBe(3);
    expect(recipient).not.toHaveProperty('brand');
  });

  it('builds a gift-card order: JSON-number amounts kept as decimal strings, a brand from the catalog', () => {
    const entry = giftCardEntries(world.catalog(giftCards.uuid)!)[0]!;
    const result = validatePayoutOrder(giftBody({ amount: 25, brand_uuid: entry.brand_uuid, scenario: 'gift_card_failed' }), context());
    expect(result.ok && result.order.recipients[0]).toMatchObject({
      amount: '25',
      currency: giftCards.wallet_currency,
      scenario: 'gift_card_failed',
      brand: { uuid: entry.brand_uuid, name: entry.brand_name },
    });
    const drawn = validatePayoutOrder(giftBody({ amount: '10.50' }), context());
    expect(drawn.ok && drawn.order.recipients[0]).toMatchObject({ amount: '10.50', scenario: expect.stringMatching(/^gift_card_/) });
    expect(drawn.ok && giftCardEntries(world.catalog(giftCards.uuid)!).some((e) => e.brand_uuid === drawn.order.recipients[0]!.brand!.uuid)).toBe(true);
  });

  it('draws what the body leaves open from the seed: the same requests on the same seed give the same draws', () => {
    const draws = (seed: number) => {
      const w = new SimWorld(seed);
      return Array.from({ length: 12 }, () => {
        const result = validatePayoutOrder(cryptoBody(), context(w));
        if (!result.ok) throw new Error('valid body refused');
        const [r] = result.order.recipients;
        return `${r!.scenario}/${r!.currency}`;
      });
    };
    expect(draws(1)).toEqual(draws(1));
    const drawn = draws(1);
    expect(drawn.every((d) => d.startsWith('crypto_'))).toBe(true);
    expect(new Set(drawn).size).toBeGreaterThan(1);
  });

  it('keeps drawn currencies consistent with drawn scenarios', () => {
    const w = new SimWorld(1);
    for (let i = 0; i < 200; i++) {
      const result = validatePayoutOrder(cryptoBody(), context(w));
      if (!result.ok) throw new Error('valid body refused');
      const [r] = result.order.recipients;
      if (r!.scenario === 'crypto_same_currency_completed') expect(r!.currency).toBe(crypto.wallet_currency);
      if (r!.scenario === 'crypto_cross_currency_completed') expect(r!.currency).not.toBe(crypto.wallet_currency);
    }
  });

  it('offers demo orders that are valid and cover every scenario', () => {
    const requests = demoPayoutOrderRequests(world, 'https://127.0.0.1:8443/demo');
    const orders = requests.map((body) => validatePayoutOrder(body, context()));
    expect(orders.every((o) => o.ok)).toBe(true);
    const scenarios = orders.flatMap((o) => (o.ok ? o.order.recipients.map((r) => r.scenario) : []));
    expect(new Set(scenarios)).toEqual(new Set(scenarioNames));
    expect(demoPayoutOrderRequests(new SimWorld(1), 'https://127.0.0.1:8443/demo')).toEqual(requests);
  });
});
