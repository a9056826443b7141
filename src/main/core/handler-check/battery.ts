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

const bodySections: Record<string, string> = { gift_cards: '2.2', crypto_form_a: '2.3, 2.4', crypto_form_b: '2.3' };

/** An event of this kind from new traffic (a scenario's random turns may leave a kind out of one world: the next has it). */
function ofKind(fresh: FreshTraffic, kind: string): SampleEvent {
  for (let tries = 0; tries < 20; tries++) {
    const found = everyKindOfEvent(fresh()).find((sample) => sample.kind === kind);
    if (found) return found;
  }
  throw new Error(`the scenarios write no ${kind}`);
}

/** What to change when a correctly signed delivery of this kind was not acknowledged. */
function acknowledgeFix(sample: SampleEvent): string {
  return `answer 2xx to a correctly signed ${sample.kind}: route on event and payout_type together (spec 6 rule 3) and accept its body as spec ${bodySections[sample.form] ?? '2'} gives it`;
}

/** The same delivery with X-Service-Timestamp moved by `offsetSeconds` from now (the timestamp is not signed). */
function dispatchedAt(request: CheckRequest, offsetSeconds: number, label: string): CheckRequest {
  return { ...withHeader(request, 'X-Service-Timestamp', String(Math.floor(Date.now() / 1000) + offsetSeconds)), label };
}

function acknowledges(fresh: FreshTraffic, secret: string): CheckCase[] {
  const kinds = everyKindOfEvent(fresh()).map((sample) => sample.kind);
  const everyKind = kinds.map((kind) => ofKind(fresh, kind)).map(
    (sample): CheckCase => ({
      id: `acknowledges/${slug(sample.kind)}`,
      category: 'acknowledges',
      title: `${sample.kind}, correctly signed`,
      specSections: ['4.1', '7', '8'],
      expect: 'acknowledge',
      fix: acknowledgeFix(sample),
      requests: [serviceRequest(sample.bodyText, secret)],
    }),
  );
  const followUp = fresh().get('crypto_completed_tx_hash_follow_up')!.filter((e) => e.event === 'payout.terminal_state');
  if (followUp.length !== 2) throw new Error('the tx_hash follow-up scenario has no second payout.terminal_state');
  const timed = fresh();
  return [
    ...everyKind,
    {
      id: 'acknowledges/tx-hash-follow-up',
      category: 'acknowledges',
      title: "a completed send's payout.terminal_state without tx_hash, then its follow-up with it",
      specSections: ['3', '6.1'],
      expect: 'acknowledge',
      fix:
        'answer 2xx to the second payout.terminal_state of a completed send, the one that brings its tx_hash, and take that tx_hash: it is authoritative (spec 3 rule 1); it is not a copy of the first, nor an event after a terminal one to refuse',
      requests: [serviceRequest(followUp[0]!.bodyText, secret, 'payout.terminal_state without tx_hash'), serviceRequest(followUp[1]!.bodyText, secret, 'follow-up with tx_hash')],
    },
    {
      id: 'acknowledges/timestamp-not-recent',
      category: 'acknowledges',
      title: 'X-Service-Timestamp two hours old, then ten minutes ahead (it is not signed)',
      specSections: ['2.1', '5.5'],
      expect: 'acknowledge',
      fix: 'accept a delivery whatever its X-Service-Timestamp says: it is not signed, and no replay window may be enforced with it (spec 5.5); a copy is found by the idempotency key of spec 6 rule 4',
      requests: [
        dispatchedAt(serviceRequest(first(timed, 'gift_card_failed', 'payout.failed').bodyText, secret), -2 * 3600, 'X-Service-Timestamp 2 hours old'),
        dispatchedAt(serviceRequest(first(timed, 'crypto_form_b_processing', 'payout.processing').bodyText, secret), 10 * 60, 'X-Service-Timestamp 10 minutes ahead'),
      ],
    },
  ];
}

function forgeries(giftCard: SampleEvent, copyOf: SampleEvent, secret: string): CheckCase[] {
  const genuine = serviceRequest(giftCard.bodyText, secret);
  const signature = signBody(genuine.body, secret);
  const digest = signature.slice('sha256='.length);
  // The parsed body written again: the amount 25.00 comes back as 25, so these bytes differ from the ones sent.
  const reserialised = Buffer.from(JSON.stringify(JSON.parse(giftCard.bodyText)));
  if (reserialised.equals(genuine.body)) throw new Error('the gift-card sample reads back byte for byte; pick one that does not');
  const oneByte = Buffer.from(genuine.body);
  oneByte[oneByte.indexOf('"amount":') + '"amount":'.length] = '9'.charCodeAt(0);
  const forged = (id: string, title: string, fix: string, requests: CheckRequest | CheckRequest[], sections = ['5.3', '5.4']): CheckCase => ({
    id: `rejects-forgeries/${id}`,
    category: 'rejects-forgeries',
    title,
    specSections: sections,
    expect: 'reject',
    fix,
    requests: Array.isArray(requests) ? requests : [requests],
  });
  const signatureHeader = (value: string | null) => withHeader(genuine, 'X-Service-Signature', value);
  const rawBytes = 'compute the HMAC-SHA256 over the raw bytes received, before any JSON parsing, and answer 401 without processing when it differs (spec 5.3, 5.4)';
  const taken = serviceRequest(copyOf.bodyText, secret, 'genuine delivery');
  return [
    forged('wrong-secret', 'signed with another secret', 'compare X-Service-Signature with the HMAC-SHA256 of the raw body keyed with your signing secret, and answer 401 without processing when they differ (spec 5.3, 5.4)', signatureHeader(signBody(genuine.body, `${secret}-not-the-account-secret`))),
    forged('reserialised-json', 'signed over the parsed body written again, not the bytes sent', `${rawBytes}: the parsed body written out again is other bytes`, signatureHeader(signBody(reserialised, secret))),
    forged('one-byte-changed', 'the amount changed by one byte after signing', `${rawBytes}: every byte of the body counts`, { ...genuine, body: oneByte }),
    forged('whitespace-added', 'a space added after signing (the same JSON, other bytes)', `${rawBytes}: the same JSON with a space added is another message`, { ...genuine, body: Buffer.from(giftCard.bodyText.replace(',', ', ')) }),
    forged('missing-signature', 'no X-Service-Signature header', 'answer 401 to a delivery without X-Service-Signature: never skip the check when the header is absent (spec 5.4)', signatureHeader(null)),
    forged('sha1', 'sha1= with an HMAC-SHA1 digest of the right secret', 'accept only sha256= and 64 hex digits (spec 2.1, 5.3): refuse any other algorithm', signatureHeader(`sha1=${createHmac('sha1', secret).update(genuine.body).digest('hex')}`), ['2.1', '5.3']),
    forged('truncated-digest', 'the right digest cut to half its length', 'refuse a signature that is not sha256= and 64 hex digits before comparing, then compare the whole digest (spec 5.3): a prefix match is no match', signatureHeader(`sha256=${digest.slice(0, 32)}`)),
    forged('non-hex-digest', 'a digest of 64 characters that are not hex', 'refuse a digest that is not 64 hex digits before decoding it: decoding non-hex gives a short or empty buffer (spec 5.3)', signatureHeader(`sha256=${'z'.repeat(64)}`)),
    forged('two-signature-headers', 'two X-Service-Signature headers, a wrong one first', 'refuse a delivery with more than one X-Service-Signature (the service sends one, spec 2.1); never accept it because one of them matches', {
      ...genuine,
      headers: [...signatureHeader(signBody(genuine.body, 'another-secret')).headers, ['X-Service-Signature', signature]],
    }, ['2.1', '5.4']),
    forged(
      'forged-copy',
      'a delivery the handler took, then the same body signed with another secret',
      'verify the signature before anything else, deduplication included: a forged copy of an event you took must get a 401, not the 2xx of a copy (spec 5.4, 6 rule 5: verify, then deduplicate)',
      [{ ...taken, expect: 'acknowledge' }, { ...withHeader(anotherAttempt(taken, 'the same body, signed with another secret'), 'X-Service-Signature', signBody(taken.body, `${secret}-forged`)) }],
      ['5.4', '6.5'],
    ),
  ];
}

function unknowns(fresh: FreshTraffic, secret: string): CheckCase[] {
  const traffic = fresh();
  const giftCard = first(traffic, 'gift_card_redeemed', 'payout.processing', 'recipient');
  const formA = first(traffic, 'crypto_same_currency_completed', 'payout.quote_created');
  const statusChanged = first(traffic, 'crypto_same_currency_completed', 'payout.status_changed');
  // Another world: its events are not those of the other cases (a handler's key would take them for copies).
  const nestedTraffic = fresh();
  const nestedFormA = first(nestedTraffic, 'crypto_same_currency_completed', 'payout.quote_created');
  const formB = first(nestedTraffic, 'crypto_form_b_processing', 'payout.processing');
  const unknown = (id: string, title: string, fix: string, bodies: string[], sections: string[], labels: string[] = []): CheckCase => ({
    id: `ignores-unknown/${id}`,
    category: 'ignores-unknown',
    title,
    specSections: sections,
    expect: 'acknowledge',
    fix,
    requests: bodies.map((body, i) => serviceRequest(body, secret, labels[i])),
  });
  const newFields = '"loyalty_tier":"gold","routing":{"region":"eu-west","priority":2}';
  const anyLevel = 'ignore fields you do not know, at any level: check only the fields you read, never refuse an object for a key it has in addition (spec 6 rule 6, 9.1)';
  const unknownEvent = 'answer 2xx to an event you do not know, and do nothing else with it (spec 6 rule 6, 9.3)';
  const nested = '"network_fee_tier":"standard","display":{"precision":6}';
  return [
    unknown('fields', 'fields it does not know, at the top and inside data', anyLevel, [addFields(giftCard.bodyText, newFields), addFields(addFields(formA.bodyText, newFields), newFields, 'data')], ['2.3', '6.6', '9.1']),
    unknown(
      'nested-fields',
      "fields it does not know inside data's nested objects (a currency, the ledger account)",
      anyLevel,
      [addFields(addFields(nestedFormA.bodyText, nested, 'input_currency'), nested, 'ledger_account'), addFields(formB.bodyText, nested, 'sending_currency')],
      ['2.3', '6.6', '9.1'],
      ['Form A payout.quote_created', 'Form B payout.processing'],
    ),
    unknown('status-value', 'a status value it does not know', 'accept a status value you do not know (keep it, treat it as not terminal): new values may appear (spec 9.1)', [replaceValue(statusChanged.bodyText, 'status', '"on_hold_for_review"')], ['9.1']),
    unknown('recipient-event', 'a recipient.* event it does not know', unknownEvent, [replaceValue(giftCard.bodyText, 'event', '"recipient.profile_updated"')], ['6', '6.6', '9.3']),
    unknown('payout-event', 'a payout.* event it does not know', unknownEvent, [replaceValue(formA.bodyText, 'event', '"payout.quote_refreshed"')], ['6.6', '9.1', '9.3']),
  ];
}

const copies = (request: CheckRequest) => [request, anotherAttempt(request, 'second copy')];

function atLeastOnce(fresh: FreshTraffic, secret: string): CheckCase[] {
  const terminal = () => serviceRequest(first(fresh(), 'crypto_same_currency_completed', 'payout.terminal_state').bodyText, secret, 'first copy');
  const reversed = (scenario: ScenarioName) => [...fresh().get(scenario)!].reverse().map((e) => serviceRequest(e.bodyText, secret, `${e.event} of ${e.occurredAt.toISOString()}`));
  const retried = (id: string, title: string, fix: string, requests: CheckRequest[], sections: string[], simultaneous = false): CheckCase => ({
    id: `at-least-once/${id}`,
    category: 'at-least-once',
    title,
    specSections: sections,
    expect: 'acknowledge',
    fix,
    requests,
    ...(simultaneous ? { simultaneous } : {}),
  });
  const sameDelivery = serviceRequest(first(fresh(), 'gift_card_redeemed', 'payout.processing', 'payout').bodyText, secret, 'first copy');
  const anyOrder = (time: string) => `accept a record's events in any order: keep each and order them by ${time}, never refuse one because an earlier event has not arrived (spec 6 rule 2)`;
  return [
    retried(
      'same-bytes-again',
      'the same bytes again with a new X-Service-Delivery',
      'answer 2xx to a copy you already processed (the same body, so the same idempotency key; its X-Service-Delivery is new): find it by the key of spec 6 rule 4 and answer 2xx without processing it again (spec 6 rule 1)',
      copies(terminal()),
      ['4.1', '6.1', '6.4'],
    ),
    retried(
      'same-delivery-id-again',
      'the same bytes again with the same X-Service-Delivery',
      'answer 2xx to a copy whose X-Service-Delivery you have seen: one description keeps it fixed across retries (spec 4.1); deduplicate on the body\'s idempotency key (spec 6 rule 4), never fail on a repeated X-Service-Delivery',
      [sameDelivery, { ...sameDelivery, label: 'second copy, same X-Service-Delivery' }],
      ['4.1', '6.1', '6.4'],
    ),
    retried(
      'two-copies-at-once',
      'two copies at the same instant',
      'enforce the idempotency key atomically (a unique constraint, an insert that does nothing on conflict) and answer 2xx to the copy that loses the race: two copies can reach two workers at once (spec 6 rule 4)',
      copies(terminal()),
      ['6.1', '6.4'],
      true,
    ),
    retried('crypto-lifecycle-reversed', "a crypto send's lifecycle in reverse event-time order", anyOrder('occurred_at'), reversed('crypto_same_currency_completed'), ['6.2']),
    retried('gift-card-lifecycle-reversed', "a gift card's lifecycle in reverse event-time order", anyOrder('updated_at'), reversed('gift_card_redeemed'), ['6.2']),
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
  const odd = (id: string, title: string, fix: string, body: string, sections: string[]): CheckCase => ({
    id: `awkward-payloads/${id}`,
    category: 'awkward-payloads',
    title,
    specSections: sections,
    expect: 'acknowledge',
    fix,
    requests: [serviceRequest(body, secret)],
  });
  return [
    odd('many-digit-decimals', 'crypto amounts with 38 significant digits (decimal strings, never floats)', 'read crypto amounts as decimals (a decimal library, or keep the string), never as floats, whatever their number of digits (spec 2.3)', manyDigits, ['2.3']),
    odd('gift-card-amount-number', 'a gift-card amount as a JSON number beyond a double’s precision', 'read gift-card amounts without losing digits (a JSON parser that keeps big numbers, or the number\'s text), and accept one beyond a double\'s precision (spec 2.2)', replaceValue(card.bodyText, 'amount', '12345678901234567890.10'), ['2.2']),
    odd('non-ascii-names', 'a recipient name in several scripts, with an emoji', 'read the body as UTF-8 and keep names as text in any script, emoji included (a utf8mb4 column in MySQL) (spec 2.2)', replaceValue(recipient.bodyText, 'recipient_name', '"王秀英 Ørjan Łukasz 🎁"'), ['2.2']),
    odd('large-body', `a body of ${Math.round(largeBodyBytes / 1024)} KiB (an informational field inside data)`, "accept a body this large: raise your body parser's limit (Express's json() stops at 100 kB: express.json({ limit: '2mb' })); the spec sets none, and data may carry fields of any size (spec 2.3, 6 rule 6)", addFields(terminal.bodyText, `"provider_notes":"${padding}"`, 'data'), ['2.3', '6.6']),
  ];
}

/** Every case, in the order they run and are listed: security first. */
export function handlerCheckBattery(options: BatteryOptions): CheckCase[] {
  let seed = options.seed ?? 1;
  const fresh: FreshTraffic = () => scenarioTraffic(seed++);
  return [
    ...forgeries(first(fresh(), 'gift_card_redeemed', 'payout.processing', 'payout'), first(fresh(), 'gift_card_failed', 'payout.failed'), options.secret),
    ...acknowledges(fresh, options.secret),
    ...unknowns(fresh, options.secret),
    ...atLeastOnce(fresh, options.secret),
    ...awkward(fresh, options.secret, options.largeBodyBytes ?? defaultLargeBodyBytes),
  ];
}
