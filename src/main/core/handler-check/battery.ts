import { createHmac } from 'node:crypto';
import { signBody } from '../analysis/signature';
import { defaultLargeBodyBytes } from './large-body';
import type { ScenarioName } from 'payout-simulator';
import type { CheckCase, CheckRequest } from './check-case';
import { addFields, replaceValue } from './body-edits';
import { everyKindOfEvent, scenarioTraffic, type SampleEvent } from './sample-traffic';
import { anotherAttempt, serviceRequest, withHeader } from './service-request';

export interface BatteryOptions {
  secret: string;
  /** Fixes the scenarios' identifiers and times: the same seed, the same bytes. */
  seed?: number;
  /** The size of the large-body case. */
  largeBodyBytes?: number;
}

type Traffic = Map<ScenarioName, SampleEvent[]>;
/** A new world of traffic at each call (new orders, recipients and sends), so that no case repeats another's events. */
type FreshTraffic = () => Traffic;

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

function first(traffic: Traffic, scenario: ScenarioName, event: string, subject?: string): SampleEvent {
  const found = traffic.get(scenario)?.find((e) => e.event === event && (subject === undefined || e.kind.endsWith(`(${subject})`)));
  if (!found) throw new Error(`the ${scenario} scenario has no ${event}`);
  return found;
}

function acknowledges(fresh: FreshTraffic, secret: string): CheckCase[] {
  const kinds = everyKindOfEvent(fresh()).map((sample) => sample.kind);
  return kinds.map((kind) => everyKindOfEvent(fresh()).find((sample) => sample.kind === kind)!).map((sample) => ({
    id: `acknowledges/${slug(sample.kind)}`,
    category: 'acknowledges',
    title: `${sample.kind}, correctly signed`,
    specSections: ['4.1', '7', '8'],
    expect: 'acknowledge',
    requests: [serviceRequest(sample.bodyText, secret)],
  }));
}

function forgeries(giftCard: SampleEvent, secret: string): CheckCase[] {
  const genuine = serviceRequest(giftCard.bodyText, secret);
  const signature = signBody(genuine.body, secret);
  const digest = signature.slice('sha256='.length);
  // The parsed body written again: the amount 25.00 comes back as 25, so these bytes differ from the ones sent.
  const reserialised = Buffer.from(JSON.stringify(JSON.parse(giftCard.bodyText)));
  if (reserialised.equals(genuine.body)) throw new Error('the gift-card sample reads back byte for byte; pick one that does not');
  const oneByte = Buffer.from(genuine.body);
  oneByte[oneByte.indexOf('"amount":') + '"amount":'.length] = '9'.charCodeAt(0);
  const forged = (id: string, title: string, request: CheckRequest, sections = ['5.3', '5.4']): CheckCase => ({
    id: `rejects-forgeries/${id}`,
    category: 'rejects-forgeries',
    title,
    specSections: sections,
    expect: 'reject',
    requests: [request],
  });
  const signatureHeader = (value: string | null) => withHeader(genuine, 'X-Service-Signature', value);
  return [
    forged('wrong-secret', 'signed with another secret', signatureHeader(signBody(genuine.body, `${secret}-not-the-account-secret`))),
    forged('reserialised-json', 'signed over the parsed body written again, not the bytes sent', signatureHeader(signBody(reserialised, secret))),
    forged('one-byte-changed', 'the amount changed by one byte after signing', { ...genuine, body: oneByte }),
    forged('whitespace-added', 'a space added after signing (the same JSON, other bytes)', { ...genuine, body: Buffer.from(giftCard.bodyText.replace(',', ', ')) }),
    forged('missing-signature', 'no X-Service-Signature header', signatureHeader(null)),
    forged('sha1', 'sha1= with an HMAC-SHA1 digest of the right secret', signatureHeader(`sha1=${createHmac('sha1', secret).update(genuine.body).digest('hex')}`), ['2.1', '5.3']),
    forged('truncated-digest', 'the right digest cut to half its length', signatureHeader(`sha256=${digest.slice(0, 32)}`)),
    forged('non-hex-digest', 'a digest of 64 characters that are not hex', signatureHeader(`sha256=${'z'.repeat(64)}`)),
    forged('two-signature-headers', 'two X-Service-Signature headers, a wrong one first', {
      ...genuine,
      headers: [...signatureHeader(signBody(genuine.body, 'another-secret')).headers, ['X-Service-Signature', signature]],
    }, ['2.1', '5.4']),
  ];
}

function unknowns(fresh: FreshTraffic, secret: string): CheckCase[] {
  const traffic = fresh();
  const giftCard = first(traffic, 'gift_card_redeemed', 'payout.processing', 'recipient');
  const formA = first(traffic, 'crypto_same_currency_completed', 'payout.quote_created');
  const statusChanged = first(traffic, 'crypto_same_currency_completed', 'payout.status_changed');
  const unknown = (id: string, title: string, bodies: string[], sections: string[]): CheckCase => ({
    id: `ignores-unknown/${id}`,
    category: 'ignores-unknown',
    title,
    specSections: sections,
    expect: 'acknowledge',
    requests: bodies.map((body) => serviceRequest(body, secret)),
  });
  const newFields = '"loyalty_tier":"gold","routing":{"region":"eu-west","priority":2}';
  return [
    unknown('fields', 'fields it does not know, at the top and inside data', [addFields(giftCard.bodyText, newFields), addFields(addFields(formA.bodyText, newFields), newFields, 'data')], ['2.3', '6.6', '9.1']),
    unknown('status-value', 'a status value it does not know', [replaceValue(statusChanged.bodyText, 'status', '"on_hold_for_review"')], ['9.1']),
    unknown('recipient-event', 'a recipient.* event it does not know', [replaceValue(giftCard.bodyText, 'event', '"recipient.profile_updated"')], ['6', '6.6', '9.3']),
    unknown('payout-event', 'a payout.* event it does not know', [replaceValue(formA.bodyText, 'event', '"payout.quote_refreshed"')], ['6.6', '9.1', '9.3']),
  ];
}

const copies = (request: CheckRequest) => [request, anotherAttempt(request, 'second copy')];

function atLeastOnce(fresh: FreshTraffic, secret: string): CheckCase[] {
  const terminal = () => serviceRequest(first(fresh(), 'crypto_same_currency_completed', 'payout.terminal_state').bodyText, secret, 'first copy');
  const reversed = (scenario: ScenarioName) => [...fresh().get(scenario)!].reverse().map((e) => serviceRequest(e.bodyText, secret, `${e.event} of ${e.occurredAt.toISOString()}`));
  const retried = (id: string, title: string, requests: CheckRequest[], sections: string[], simultaneous = false): CheckCase => ({
    id: `at-least-once/${id}`,
    category: 'at-least-once',
    title,
    specSections: sections,
    expect: 'acknowledge',
    requests,
    ...(simultaneous ? { simultaneous } : {}),
  });
  return [
    retried('same-bytes-again', 'the same bytes again with a new X-Service-Delivery', copies(terminal()), ['4.1', '6.1', '6.4']),
    retried('two-copies-at-once', 'two copies at the same instant', copies(terminal()), ['6.1', '6.4'], true),
    retried('crypto-lifecycle-reversed', "a crypto send's lifecycle in reverse event-time order", reversed('crypto_same_currency_completed'), ['6.2']),
    retried('gift-card-lifecycle-reversed', "a gift card's lifecycle in reverse event-time order", reversed('gift_card_redeemed'), ['6.2']),
  ];
}

function awkward(fresh: FreshTraffic, secret: string, largeBodyBytes: number): CheckCase[] {
  const quote = first(fresh(), 'crypto_same_currency_completed', 'payout.quote_created');
  const card = first(fresh(), 'gift_card_redeemed', 'payout.processing', 'payout');
  const recipient = first(fresh(), 'gift_card_redeemed', 'payout.processing', 'recipient');
  const terminal = first(fresh(), 'crypto_same_currency_completed', 'payout.terminal_state');
  let manyDigits = quote.bodyText;
  for (const key of ['input_amount', 'sending_amount', 'balance_debit_amount']) manyDigits = replaceValue(manyDigits, key, '"98765432109876543210.123456789012345678"');
  const padding = 'x'.repeat(Math.max(0, largeBodyBytes - Buffer.byteLength(terminal.bodyText) - 40));
  const odd = (id: string, title: string, body: string, sections: string[]): CheckCase => ({
    id: `awkward-payloads/${id}`,
    category: 'awkward-payloads',
    title,
    specSections: sections,
    expect: 'acknowledge',
    requests: [serviceRequest(body, secret)],
  });
  return [
    odd('many-digit-decimals', 'crypto amounts with 38 significant digits (decimal strings, never floats)', manyDigits, ['2.3']),
    odd('gift-card-amount-number', 'a gift-card amount as a JSON number beyond a double’s precision', replaceValue(card.bodyText, 'amount', '12345678901234567890.10'), ['2.2']),
    odd('non-ascii-names', 'a recipient name in several scripts, with an emoji', replaceValue(recipient.bodyText, 'recipient_name', '"王秀英 Ørjan Łukasz 🎁"'), ['2.2']),
    odd('large-body', `a body of ${Math.round(largeBodyBytes / 1024)} KiB (an informational field inside data)`, addFields(terminal.bodyText, `"provider_notes":"${padding}"`, 'data'), ['2.3', '6.6']),
  ];
}

/** Every case, in the order they run and are listed: security first. */
export function handlerCheckBattery(options: BatteryOptions): CheckCase[] {
  let seed = options.seed ?? 1;
  const fresh: FreshTraffic = () => scenarioTraffic(seed++);
  return [
    ...forgeries(first(fresh(), 'gift_card_redeemed', 'payout.processing', 'payout'), options.secret),
    ...acknowledges(fresh, options.secret),
    ...unknowns(fresh, options.secret),
    ...atLeastOnce(fresh, options.secret),
    ...awkward(fresh, options.secret, options.largeBodyBytes ?? defaultLargeBodyBytes),
  ];
}
