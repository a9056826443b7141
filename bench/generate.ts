import type { RawDelivery } from '../src/main/core/analysis/types';
import type { CaptureFacts } from '../src/main/core/delivery-record/delivery-record';
import { cryptoCodes, cryptoWalletCodes, fiatCodes } from 'payout-simulator/internal/api/currencies';
import {
  drawCryptoAmount,
  drawCryptoCurrency,
  drawPerson,
  drawScenario,
} from 'payout-simulator/internal/api/recipient-draws';
import { deliveryHeaders } from 'payout-simulator/internal/dispatcher/delivery-headers';
import { applyBodyFaults, type FaultName } from 'payout-simulator/internal/dispatcher/faults';
import type { PayoutType, SimPayoutOrder, SimRecipient } from 'payout-simulator/internal/model';
import { orderEvents, SeededRandom } from 'payout-simulator/internal/scenarios/index';
import { giftCardBrands } from 'payout-simulator/internal/scenarios/gift-card-stream';

/**
 * Bump when the generated traffic changes (mix, rates, shapes): the cached store is rebuilt. The cache key
 * also holds N, the schema version and the analyzer version.
 */
export const generatorVersion = 1;

export const benchSecret = 'whsec_bench_0123456789abcdef0123456789abcdef';

/** Rates of the mix, per scenario event unless said otherwise. */
export const mix = {
  giftCardOrders: 0.35,
  unknownEventRate: 0.05,
  /** An event delivered more than once (a retry after a lost answer); 1 in 10 of those twice more. */
  duplicate: 0.05,
  /** Of the extra copies: a new X-Service-Delivery per attempt (else the fixed one), or none at all. */
  duplicateNewDeliveryId: 0.3,
  duplicateNoDeliveryId: 0.05,
  /** Held back behind the next delivery (reordering). */
  reorder: 0.03,
  missingSignature: 0.007,
  wrongSignature: 0.005,
  malformedSignature: 0.001,
  eventHeaderMismatch: 0.002,
  wrongFieldType: 0.002,
  leakedCardPin: 0.002,
  /** Extra non-service requests, per scenario event: a body cut short, a hand-made test ping, a GET probe. */
  truncatedBody: 0.002,
  testPing: 0.001,
  getProbe: 0.001,
} as const;

/** One request as the receiver would capture it, and the capture facts. */
export interface GeneratedDelivery {
  raw: RawDelivery;
  facts: CaptureFacts;
}

const callbackPath = '/webhooks/payouts';
const offeredCrypto = cryptoCodes;

function recipientCount(random: SeededRandom): number {
  const r = random.next();
  if (r < 0.7) return random.int(1, 6);
  if (r < 0.95) return random.int(7, 40);
  return random.int(50, 300);
}

function drawOrder(random: SeededRandom, createdAt: Date): SimPayoutOrder {
  const payoutType: PayoutType = random.chance(mix.giftCardOrders) ? 'gift_cards' : 'crypto';
  const wallet = payoutType === 'crypto' ? random.pick(cryptoWalletCodes) : random.pick(fiatCodes);
  const recipients = Array.from({ length: recipientCount(random) }, (): SimRecipient => {
    const person = drawPerson(random);
    const base = { uuid: random.uuid(), ...person };
    if (payoutType === 'gift_cards') {
      const scenario = drawScenario(random, 'gift_cards', wallet, [], undefined);
      const brand = random.pick(giftCardBrands);
      const amount = random.pick(['10.00', '25.00', '50.00', '100.00']);
      return { ...base, amount, currency: wallet, scenario, payout_uuid: random.uuid(), brand };
    }
    const scenario = drawScenario(random, 'crypto', wallet, offeredCrypto, undefined);
    const currency = drawCryptoCurrency(random, scenario, wallet, offeredCrypto);
    return { ...base, amount: drawCryptoAmount(random, wallet), currency, scenario };
  });
  return {
    uuid: random.uuid(),
    campaign_id: random.uuid(),
    payout_type: payoutType,
    wallet_currency: wallet,
    callback_url: `https://merchant.example${callbackPath}`,
    created_at: createdAt.toISOString(),
    recipients,
  };
}

interface Pending {
  atMs: number;
  method: string;
  path: string;
  event: string;
  body: Buffer;
  deliveryId: string | null;
  headerFaults: FaultName[];
  signature: 'signed' | 'missing' | 'malformed';
}

function requestHeaders(p: Pending): Array<[string, string]> {
  const head: Array<[string, string]> = [
    ['Host', 'inspector.local:8443'],
    ['Connection', 'keep-alive'],
  ];
  if (p.method === 'GET') return [...head, ['User-Agent', 'curl/8.5.0'], ['Accept', '*/*']];
  const service = deliveryHeaders({
    event: p.event,
    body: p.body,
    secret: benchSecret,
    deliveryId: p.deliveryId ?? '',
    dispatchedAtMs: p.atMs,
    faults: p.headerFaults,
  });
  const pairs = Object.entries(service).filter(([name]) => {
    if (name === 'X-Service-Delivery') return p.deliveryId !== null;
    if (name === 'X-Service-Signature') return p.signature !== 'missing';
    return true;
  });
  if (p.signature === 'malformed') {
    const i = pairs.findIndex(([name]) => name === 'X-Service-Signature');
    pairs[i] = ['X-Service-Signature', pairs[i]![1].slice(0, 40)];
  }
  return [...head, ['Content-Length', String(p.body.byteLength)], ...pairs];
}

/**
 * Deterministic realistic traffic: payout orders (mostly small, some of hundreds of recipients) run through the
 * simulator's scenarios, interleaved in time, with duplicates, reordering, signature and body faults, and a few
 * requests that are not service deliveries at all. Yields exactly `count` deliveries, in arrival order.
 */
export function* generateDeliveries(count: number, seed = 7): Generator<GeneratedDelivery> {
  const random = SeededRandom.forKey(seed, 'bench-traffic');
  let clockMs = Date.parse('2025-01-06T08:00:00Z');
  let emitted = 0;
  let orderIndex = 0;
  while (emitted < count) {
    // A wave of orders that overlap in time; the next wave starts after the last event of this one.
    const wave: Pending[] = [];
    const waveOrders = random.int(5, 30);
    for (let o = 0; o < waveOrders; o++) {
      const orderRandom = SeededRandom.forKey(seed, 'order', String(orderIndex++));
      const startTime = new Date(clockMs + orderRandom.int(0, 600) * 1000);
      const order = drawOrder(orderRandom, startTime);
      const events = orderEvents(order, orderRandom, { startTime, unknownEventRate: mix.unknownEventRate });
      for (const e of events) {
        const faults: FaultName[] = [];
        let bodyText = e.bodyText;
        const wrongType = orderRandom.chance(mix.wrongFieldType);
        const pin = orderRandom.chance(mix.leakedCardPin);
        if (wrongType || pin) bodyText = applyBodyFaults(bodyText, { wrong_field_type: wrongType, leaked_card_pin: pin }).bodyText;
        if (orderRandom.chance(mix.wrongSignature)) faults.push('wrong_signature');
        if (orderRandom.chance(mix.eventHeaderMismatch)) faults.push('event_header_mismatch');
        const s = orderRandom.next();
        const signature =
          s < mix.missingSignature ? 'missing' : s < mix.missingSignature + mix.malformedSignature ? 'malformed' : 'signed';
        const atMs = e.occurredAt.getTime() + orderRandom.int(20, 900);
        const fixedId = orderRandom.uuid();
        const first: Pending = {
          atMs,
          method: 'POST',
          path: callbackPath,
          event: e.event,
          body: Buffer.from(bodyText, 'utf8'),
          deliveryId: fixedId,
          headerFaults: faults,
          signature,
        };
        wave.push(first);
        if (orderRandom.chance(mix.duplicate)) {
          const copies = orderRandom.chance(0.1) ? 3 : 1;
          let retryAt = atMs;
          for (let c = 0; c < copies; c++) {
            retryAt += orderRandom.int(5_000, 120_000);
            const d = orderRandom.next();
            const deliveryId =
              d < mix.duplicateNoDeliveryId ? null : d < mix.duplicateNoDeliveryId + mix.duplicateNewDeliveryId ? orderRandom.uuid() : fixedId;
            wave.push({ ...first, atMs: retryAt, deliveryId });
          }
        }
        if (orderRandom.chance(mix.truncatedBody)) {
          const cut = bodyText.slice(0, Math.floor(bodyText.length / 2));
          wave.push({ ...first, atMs: atMs + 1, body: Buffer.from(cut, 'utf8'), deliveryId: orderRandom.uuid() });
        }
        if (orderRandom.chance(mix.testPing)) {
          const body = Buffer.from(JSON.stringify({ ping: true, sent_by: 'developer', note: 'hand-made test' }), 'utf8');
          wave.push({ ...first, atMs: atMs + 2, event: 'test', body, deliveryId: null, signature: 'missing', headerFaults: [] });
        }
        if (orderRandom.chance(mix.getProbe)) {
          wave.push({ ...first, atMs: atMs + 3, method: 'GET', path: '/', body: Buffer.alloc(0), deliveryId: null });
        }
      }
    }
    wave.sort((a, b) => a.atMs - b.atMs);
    for (let i = 0; i + 1 < wave.length; i++) {
      if (random.chance(mix.reorder)) [wave[i], wave[i + 1]] = [wave[i + 1]!, wave[i]!];
    }
    for (const p of wave) {
      if (emitted >= count) return;
      clockMs = Math.max(clockMs + 1, p.atMs);
      emitted++;
      yield {
        raw: { method: p.method, path: p.path, query: '', headers: requestHeaders(p), body: p.body, bodyTruncated: false },
        facts: { receivedAt: clockMs, remoteAddress: '127.0.0.1', tls: random.chance(0.9), imported: false },
      };
    }
  }
}
