import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Small webhook handlers of the kind users write, for the handler check to grade: one correct, and one for each
 * common mistake. Each is a real HTTP server on 127.0.0.1; `close()` stops it.
 */
export type HandlerFlaw =
  | 'none'
  /** Takes every delivery without checking its signature. */
  | 'skips-signature'
  /** Answers 400 to events it does not know. */
  | 'rejects-unknown-events'
  /** Answers after `slowMs`. */
  | 'slow'
  /** Fails (500) on a second copy of an event: a unique constraint it does not expect. */
  | 'fails-on-second-copy'
  /** Checks the signature over the parsed body written out again (JSON.stringify(req.body)), not the raw bytes. */
  | 'reserialises-json'
  /** Refuses (401) a delivery whose X-Service-Timestamp is more than five minutes from its clock: a replay window (spec 5.5). */
  | 'replay-window'
  /** Keeps X-Service-Delivery under a unique constraint and fails (500) when one comes again (spec 4.1: it may). */
  | 'unique-delivery-id'
  /** Answers a copy of an event it took 200 before checking the signature: deduplicates, then verifies (spec 6.5). */
  | 'dedups-before-verifying'
  /** Validates the currency objects against the fields the spec lists and refuses (422) one with another key (spec 2.3, 9.1). */
  | 'strict-nested-schema'
  /** Refuses (409) a second payout.terminal_state of a send: "already terminal" (spec 3 rule 1: the tx_hash follow-up). */
  | 'one-terminal-state';

const knownEvents = new Set([
  'payout.quote_created',
  'payout.quote_confirmed',
  'payout.quote_canceled',
  'payout.status_changed',
  'payout.terminal_state',
  'payout.processing',
  'payout.failed',
]);

export interface HandlerUnderCheck {
  url: string;
  /** Events it took (after its checks), in the order it took them. */
  taken: string[];
  /** Requests it answered, whatever it answered. */
  answered: () => number;
  /** The body of every request, in the order they came. */
  bodies: Buffer[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Exactly one header, `sha256=` and 64 hex digits equal to the HMAC of the raw bytes (spec 5.3, 5.4). */
function signatureValid(req: IncomingMessage, body: Buffer, secret: string): boolean {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i]!.toLowerCase() === 'x-service-signature') values.push(req.rawHeaders[i + 1]!);
  const match = values.length === 1 ? /^sha256=([0-9a-fA-F]{64})$/.exec(values[0]!) : null;
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  return timingSafeEqual(Buffer.from(match[1]!, 'hex'), expected);
}

/** The same check over other bytes: the parsed body written out again, as a framework's parsed body gives it. */
function reserialisedSignatureValid(req: IncomingMessage, body: Buffer, secret: string): boolean {
  try {
    return signatureValid(req, Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8')))), secret);
  } catch {
    return false;
  }
}

const currencyFields = new Set(['id', 'kind', 'title', 'symbol', 'enabled', 'disabled_message']);

/** Whether every currency object of data (spec 2.4) has only the fields the spec lists. */
function currenciesStrict(body: Record<string, unknown>): boolean {
  const data = (body.data ?? {}) as Record<string, unknown>;
  const currencies = ['input_currency', 'sending_currency', 'balance_debit_currency'].map((key) => data[key]).filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null);
  const ledger = data.ledger_account as Record<string, unknown> | undefined;
  const ledgerFields = new Set(['id', 'title', 'status', 'balance', 'account_type', 'currency']);
  return currencies.every((c) => Object.keys(c).every((k) => currencyFields.has(k))) && (ledger === undefined || Object.keys(ledger).every((k) => ledgerFields.has(k)));
}

/** The spec 6.4 key from the body; crypto events by the send and the time they happened. */
function idempotencyKey(body: Record<string, unknown>): string {
  const data = (body.data ?? {}) as Record<string, unknown>;
  if (body.payout_type === 'gift_cards') return [body.event, body.subject_type, body.recipient_uuid, body.updated_at].join('|');
  return [body.event, data.id ?? body.external_send_id, body.occurred_at ?? ''].join('|');
}

export interface HandlerOptions {
  slowMs?: number;
  /** Serve https with this certificate (a self-signed one, for the check to refuse without --insecure). */
  tls?: { cert: string; key: string };
  /** Holds every request after the first `after` until `until` settles: a run caught half-way, to watch it fill in. */
  hold?: { after: number; until: Promise<void> };
  /** The body of each answer (default: its status as text), read at each answer: a handler whose answer changes between runs. */
  answerBody?: (status: number) => string;
}

export async function startHandler(secret: string, flaw: HandlerFlaw, options: HandlerOptions = {}): Promise<HandlerUnderCheck> {
  const seen = new Set<string>();
  const deliveryIds = new Set<string>();
  const terminalSends = new Set<string>();
  const taken: string[] = [];
  const bodies: Buffer[] = [];
  let requests = 0;
  let answered = 0;
  const answer = (res: ServerResponse, status: number) => {
    answered++;
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(options.answerBody ? options.answerBody(status) : String(status));
  };
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    bodies.push(body);
    if (options.hold && ++requests > options.hold.after) await options.hold.until;
    if (flaw === 'slow') await delay(options.slowMs ?? 1_500);
    if (flaw === 'dedups-before-verifying') {
      const early = (() => {
        try {
          return idempotencyKey(JSON.parse(body.toString('utf8')) as Record<string, unknown>);
        } catch {
          return null;
        }
      })();
      if (early !== null && seen.has(early)) return answer(res, 200);
    }
    const verified = flaw === 'reserialises-json' ? reserialisedSignatureValid(req, body, secret) : signatureValid(req, body, secret);
    if (flaw !== 'skips-signature' && !verified) return answer(res, 401);
    if (flaw === 'replay-window' && Math.abs(Date.now() / 1000 - Number(req.headers['x-service-timestamp'])) > 300) return answer(res, 401);
    const deliveryId = String(req.headers['x-service-delivery']);
    if (flaw === 'unique-delivery-id' && deliveryIds.has(deliveryId)) return answer(res, 500);
    deliveryIds.add(deliveryId);
    const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const event = String(parsed.event);
    if (flaw === 'rejects-unknown-events' && !knownEvents.has(event)) return answer(res, 400);
    if (flaw === 'strict-nested-schema' && !currenciesStrict(parsed)) return answer(res, 422);
    const key = idempotencyKey(parsed);
    if (seen.has(key)) return answer(res, flaw === 'fails-on-second-copy' ? 500 : 200);
    if (flaw === 'one-terminal-state' && event === 'payout.terminal_state') {
      const send = String(parsed.external_send_id);
      if (terminalSends.has(send)) return answer(res, 409);
      terminalSends.add(send);
    }
    seen.add(key);
    taken.push(event);
    return answer(res, 200);
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, onRequest) : createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}/webhooks`,
    taken,
    answered: () => answered,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
