/**
 * A large, varied, fully deterministic set of captured deliveries for checking that the analysis says exactly
 * the same of each as before: the benchmark's realistic traffic (with its faults, GET probes, cut bodies and test
 * pings), the conformant fixtures, and seeded mutations of both (fields removed, nulled, retyped or given edge-case
 * values; keys added, repeated or integer-like; the text broken; headers dropped, repeated or altered). Everything
 * is drawn from fixed seeds with the simulator's PRNG: no clock, no random UUID.
 */
import { LosslessNumber, parse, stringify } from 'lossless-json';
import { SeededRandom } from 'payout-simulator/internal/seeded-random';
import { benchSecret, generateDeliveries } from '../../bench/generate';
import type { RawDelivery } from '../../src/main/core/analysis/types';
import type { CapturedDelivery } from '../../src/main/core/delivery-record/delivery-record';
import { conformantBodies, signedDelivery } from '../fixtures/payloads';

type Json = Record<string, unknown>;

const response = { status: 200, body: '{}', reason: 'policy: default' };
const facts = { receivedAt: Date.parse('2026-03-02T10:00:00Z'), remoteAddress: '127.0.0.1', tls: true, imported: false };

/** The generator's traffic, captured with its secret (every 9th without one, so the no-secret path runs too). */
export function trafficCorpus(count: number, seed: number): CapturedDelivery[] {
  return [...generateDeliveries(count, seed)].map(({ raw, facts }, i) => ({ raw, facts, response, secret: i % 9 === 4 ? null : benchSecret }));
}

const dateTimes = [
  '2026-03-02T10:15:30Z',
  '2026-03-02T10:15:30.250+01:00',
  '2026-03-02T10:15:30.123456789-05:30',
  '2024-02-29T00:00:00Z',
  '2023-02-29T00:00:00Z',
  '2000-02-29T12:00:00Z',
  '1900-02-29T12:00:00Z',
  '0000-02-29T00:00:00Z',
  '0004-02-29T00:00:00Z',
  '0100-02-29T00:00:00Z',
  '0400-02-29T00:00:00Z',
  '9999-12-31T23:59:60Z',
  '2026-04-31T10:00:00Z',
  '2026-04-30T10:00:00Z',
  '2026-01-31T10:00:00Z',
  '2026-01-32T10:00:00Z',
  '2026-00-10T10:00:00Z',
  '2026-13-10T10:00:00Z',
  '2026-12-00T10:00:00Z',
  '2026-03-02T24:00:00Z',
  '2026-03-02T23:60:00Z',
  '2026-03-02T23:59:61Z',
  '2026-03-02T10:15:30+24:00',
  '2026-03-02T10:15:30+23:59',
  '2026-03-02T10:15:30-00:60',
  '2026-03-02T10:15:30z',
  '2026-03-02t10:15:30Z',
  '2026-03-02 10:15:30Z',
  '2026-03-02T10:15:30',
  '2026-03-02T10:15:30.Z',
  '2026-03-02T10:15Z',
  '2026-03-02',
  '2026-3-2T10:15:30Z',
  '+2026-03-02T10:15:30Z',
  '2026-03-02T10:15:30+0100',
  '2026-03-02T10:15:30Z ',
  ' 2026-03-02T10:15:30Z',
  '2026-03-02T10:15:30Z\n',
  '２０２６-03-02T10:15:30Z',
  '',
];

const strings = [
  ...dateTimes,
  '6f1d2c3b-4a5e-4f60-9b7a-8c9d0e1f2a3b',
  '6F1D2C3B-4A5E-4F60-9B7A-8C9D0E1F2A3B',
  '6f1d2c3b4a5e4f609b7a8c9d0e1f2a3b',
  '6f1d2c3b-4a5e-4f60-9b7a-8c9d0e1f2a3',
  '{6f1d2c3b-4a5e-4f60-9b7a-8c9d0e1f2a3b}',
  '12.50',
  '0',
  '-0',
  '0.0',
  '1.0',
  '1',
  '01.5',
  '1e5',
  '1.',
  '.5',
  ' 1.5',
  '-12.000000000000000000000000000001',
  '123456789012345678901234567890.123456789',
  'USD',
  'usd',
  'US',
  'EURO',
  'payout.processing',
  'payout.quote_created',
  'payout.terminal_state',
  'payout.status_changed',
  'Payout.Processing',
  'payout',
  'recipient',
  'payout',
  'crypto',
  'gift_cards',
  'in_progress',
  'completed',
  'failed',
  'confirming',
  'x'.repeat(90),
  'quote "marks" and \\ backslash',
  'ünïcödé ✓ 😀',
  '\u0000control\u001f',
];

const numbers = ['0', '1', '-1', '25.00', '1.0', '1e2', '1E-7', '-0', '0.1', '12345678901234567890123', '3.141592653589793238462643383279'];

function drawValue(random: SeededRandom, depth = 0): unknown {
  const kind = random.int(0, depth > 1 ? 3 : 6);
  switch (kind) {
    case 0:
      return random.pick(strings);
    case 1:
      return new LosslessNumber(random.pick(numbers));
    case 2:
      return random.pick([null, true, false]);
    case 3:
      return random.pick(strings);
    case 4:
      return Array.from({ length: random.int(0, 3) }, () => drawValue(random, depth + 1));
    case 5:
      return { remote: drawValue(random, depth + 1) };
    default:
      return Object.fromEntries(Array.from({ length: random.int(0, 3) }, () => [random.pick(addedKeys), drawValue(random, depth + 1)]));
  }
}

const addedKeys = [
  'note',
  'data',
  'event',
  'payout_type',
  'status',
  'tx_hash',
  'failure_reason',
  'external_send_id',
  'recipient_uuid',
  'currency',
  'amount',
  'code',
  'Card-Code',
  'PIN',
  'serial_number',
  'redemption_code',
  'constructor',
  '__proto__',
  'with space',
  'ünï',
  '',
];

/** Every path to a value inside the body (object keys and array indices), the root's own keys included. */
function pathsOf(value: unknown, path: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  if (Array.isArray(value)) value.forEach((item, i) => (out.push([...path, i]), pathsOf(item, [...path, i], out)));
  else if (typeof value === 'object' && value !== null && !(value instanceof LosslessNumber)) {
    for (const key of Object.keys(value)) {
      out.push([...path, key]);
      pathsOf((value as Json)[key], [...path, key], out);
    }
  }
  return out;
}

function containerAt(body: unknown, path: Array<string | number>): Record<string | number, unknown> {
  let target = body as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) target = target[step] as Record<string | number, unknown>;
  return target;
}

/** One to three edits of the parsed body: a value replaced, nulled or removed, a key added or renamed. */
function mutateValue(random: SeededRandom, body: Json): void {
  for (let edits = random.int(1, 3); edits > 0; edits--) {
    const paths = pathsOf(body);
    if (paths.length === 0) return;
    const path = random.pick(paths);
    const container = containerAt(body, path);
    const last = path[path.length - 1]!;
    switch (random.int(0, 5)) {
      case 0:
        if (Array.isArray(container)) container.splice(last as number, 1);
        else delete container[last];
        break;
      case 1:
        container[last] = null;
        break;
      case 2: {
        const target = random.chance(0.5) ? body : container;
        if (!Array.isArray(target)) (target as Json)[random.pick(addedKeys)] = drawValue(random);
        break;
      }
      case 3:
        if (!Array.isArray(container) && typeof last === 'string') {
          const value = container[last];
          delete container[last];
          container[random.pick(addedKeys)] = value;
        }
        break;
      default:
        container[last] = drawValue(random);
    }
  }
}

/** Edits of the text itself: what no parsed value can say (repeated keys, integer-like keys, BOM, bad bytes, depth). */
function mutateText(random: SeededRandom, text: string): string | Buffer {
  switch (random.int(0, 11)) {
    case 0:
      return text.replace('{', '{"event":"payout.processing",');
    case 1:
      return text.replace('{', '{"7":1,');
    case 2:
      return `\uFEFF${text}`;
    case 3:
      return text.slice(0, random.int(0, text.length));
    case 4:
      return Buffer.concat([Buffer.from(text.slice(0, 20)), Buffer.from([0xc3, 0x28]), Buffer.from(text.slice(20))]);
    case 5:
      return `${'['.repeat(random.int(250, 300))}${text}${']'.repeat(random.int(250, 300))}`;
    case 6:
      return text.replace(/:/g, ' :\n\t').replace(/,/g, ' ,\r\n ');
    case 7:
      return text.replace(/"e/g, '"\\u0065');
    case 8:
      return text.replace(/(\d+)/, '$1e0');
    case 9:
      return random.pick(['', 'null', '[]', '"text"', '12', 'true', '{}', '{"a":{"a":{"a":1,"a":2}}}', '{"a":1}{', '{"a":-}', '{"a":1e999}']);
    case 10:
      return text.replace(/,"([a-z_]+)":/, ',"$1":1,"$1":');
    default:
      return text;
  }
}

const serviceHeaderNames = ['Content-Type', 'User-Agent', 'X-Service-Event', 'X-Service-Signature', 'X-Service-Delivery', 'X-Service-Timestamp'];

/** Header edits: one dropped, repeated, renamed to lowercase or given an odd value; the signature altered. */
function mutateHeaders(random: SeededRandom, headers: Array<[string, string]>): Array<[string, string]> {
  const name = random.pick(serviceHeaderNames);
  const at = headers.findIndex(([n]) => n === name);
  const value = at === -1 ? '' : headers[at]![1];
  const replace = (v: string) => headers.map(([n, old]): [string, string] => [n, n === name ? v : old]);
  switch (random.int(0, 8)) {
    case 0:
      return headers.filter(([n]) => n !== name);
    case 1:
      return [...headers, [name, value]];
    case 2:
      return [...headers, [name.toLowerCase(), `${value}x`]];
    case 3:
      return headers.map(([n, v]) => [n.toLowerCase(), v]);
    case 4:
      return replace(
        random.pick([
          'application/json; charset=utf-8',
          'application/json;charset="UTF-8"',
          'application/json; charset=latin1',
          'Application/JSON',
          'text/plain',
          'application/json; charset',
          '',
        ]),
      );
    case 5:
      return replace(random.pick(['1772446530000', '17724465.30', 'abc', '', '99999999999', '100000000000', 'Service-Webhooks/1.0', 'curl/8']));
    case 6:
      return headers.map(([n, v]): [string, string] => [n, n === 'X-Service-Signature' ? v.toUpperCase().replace('SHA256=', 'sha256=') : v]);
    case 7:
      return headers.map(([n, v]): [string, string] => [n, n === 'X-Service-Signature' ? random.pick([v.slice(0, 30), `${v}0`, `sha1=${v.slice(7)}`, `${v}, ${v}`, `sha256=${'0'.repeat(64)}`]) : v]);
    default:
      return replace(random.pick(['not-a-uuid', '6F1D2C3B-4A5E-4F60-9B7A-8C9D0E1F2A3B', 'payout.failed', '']));
  }
}

function signed(body: string | Buffer, deliveryId: string): RawDelivery {
  const delivery = signedDelivery(body, 'whsec_corpus', { deliveryId, timestamp: '1772446530' });
  return { method: 'POST', path: '/webhooks/payouts', query: '', headers: Object.entries(delivery.headers), body: delivery.body, bodyTruncated: false };
}

/** Seeded mutations of the fixtures' and the traffic's bodies, each signed again (so the checks past the signature run). */
export function mutationCorpus(count: number, seed: number, traffic: CapturedDelivery[]): CapturedDelivery[] {
  const random = SeededRandom.forKey(seed, 'analysis-corpus');
  const trafficBodies = traffic.filter((d) => d.raw.method === 'POST' && d.raw.body.byteLength > 0).map((d) => Buffer.from(d.raw.body).toString('utf8'));
  const fixtures = Object.values(conformantBodies()).map((body) => stringify(body)!);
  const bases = [...fixtures, ...fixtures, ...trafficBodies.slice(0, 400)];
  const corpus: CapturedDelivery[] = [];
  for (let i = 0; i < count; i++) {
    let text = random.pick(bases);
    const value = (() => {
      try {
        return parse(text) as Json;
      } catch {
        return null;
      }
    })();
    if (value !== null && typeof value === 'object' && random.chance(0.85)) {
      mutateValue(random, value);
      text = stringify(value) ?? 'null';
    }
    const body = random.chance(0.25) ? mutateText(random, text) : text;
    const deliveryId = `${random.hex(8)}-${random.hex(4)}-4${random.hex(3)}-8${random.hex(3)}-${random.hex(12)}`;
    let raw = signed(body, deliveryId);
    if (random.chance(0.3)) raw = { ...raw, headers: mutateHeaders(random, raw.headers as Array<[string, string]>) };
    if (random.chance(0.04)) raw = { ...raw, method: random.pick(['GET', 'PUT', 'post']) };
    if (random.chance(0.04)) raw = { ...raw, query: 'x=1' };
    if (random.chance(0.03)) raw = { ...raw, bodyTruncated: true };
    const secret = random.chance(0.05) ? random.pick([null, '']) : 'whsec_corpus';
    corpus.push({ raw, facts, response, secret });
  }
  return corpus;
}

/** Each edge-case date-time in every field that is one, of every form (the ISO-8601 check decides findings there). */
export function dateTimeCorpus(): CapturedDelivery[] {
  const fixtures = conformantBodies();
  const fields: Array<[Json, Array<string | number>]> = [
    [fixtures.giftCardRecipient!, ['updated_at']],
    [fixtures.giftCardRecipient!, ['sent_at']],
    [fixtures.giftCardPayoutProcessing!, ['expires_at']],
    [fixtures.formAStatusChanged!, ['occurred_at']],
    [fixtures.formAQuoteCreated!, ['data', 'created_at']],
    [fixtures.formB!, ['data', 'beneficiary_payout_setting', 'created_at']],
  ];
  const corpus: CapturedDelivery[] = [];
  for (const [body, path] of fields) {
    for (const [i, dateTime] of dateTimes.entries()) {
      const copy = parse(stringify(body)!) as Json;
      containerAt(copy, path)[path[path.length - 1]!] = dateTime;
      corpus.push({ raw: signed(stringify(copy)!, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`), facts, response, secret: 'whsec_corpus' });
    }
  }
  return corpus;
}

