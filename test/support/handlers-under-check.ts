import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
  | 'fails-on-second-copy';

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

/** The spec 6.4 key from the body; crypto events by the send and the time they happened. */
function idempotencyKey(body: Record<string, unknown>): string {
  const data = (body.data ?? {}) as Record<string, unknown>;
  if (body.payout_type === 'gift_cards') return [body.event, body.subject_type, body.recipient_uuid, body.updated_at].join('|');
  return [body.event, data.id ?? body.external_send_id, body.occurred_at ?? ''].join('|');
}

export interface HandlerOptions {
  slowMs?: number;
  /** Holds every request after the first `after` until `until` settles: a run caught half-way, to watch it fill in. */
  hold?: { after: number; until: Promise<void> };
}

export async function startHandler(secret: string, flaw: HandlerFlaw, options: HandlerOptions = {}): Promise<HandlerUnderCheck> {
  const seen = new Set<string>();
  const taken: string[] = [];
  const bodies: Buffer[] = [];
  let requests = 0;
  let answered = 0;
  const answer = (res: ServerResponse, status: number) => {
    answered++;
    res.writeHead(status, { 'Content-Type': 'text/plain' }).end(String(status));
  };
  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    bodies.push(body);
    if (options.hold && ++requests > options.hold.after) await options.hold.until;
    if (flaw === 'slow') await delay(options.slowMs ?? 1_500);
    if (flaw !== 'skips-signature' && !signatureValid(req, body, secret)) return answer(res, 401);
    const parsed = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const event = String(parsed.event);
    if (flaw === 'rejects-unknown-events' && !knownEvents.has(event)) return answer(res, 400);
    const key = idempotencyKey(parsed);
    if (seen.has(key)) return answer(res, flaw === 'fails-on-second-copy' ? 500 : 200);
    seen.add(key);
    taken.push(event);
    return answer(res, 200);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    taken,
    answered: () => answered,
    bodies,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
