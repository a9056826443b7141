import { createHash, randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { EventName, EventPayload } from '../../src/shared/contract';
import { bodyText, formALifecycle, formBBody, giftCardRecipientBody, signedDelivery } from '../fixtures/payloads';
import type { TestCore } from './core-fixture';
import { post } from './https-client';

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Posts exact bytes to a core's receiver and returns the stored delivery's id. */
export async function receive(t: TestCore, body: Buffer, headers: Record<string, string>, path = '/webhooks'): Promise<number> {
  const answer = await post(`${t.receiverUrl}${path}`, body, headers);
  return Number(answer.headers['x-inspector-delivery-id']);
}

/**
 * A varied store: a Form A lifecycle (signed), a gift card and its retry, a Form B without a signature,
 * one with a wrong signature, and a body that is not UTF-8.
 */
export async function seedDeliveries(t: TestCore, secret: string): Promise<number[]> {
  const signed = (body: unknown, key = secret) => signedDelivery(Buffer.from(bodyText(body)), key, { deliveryId: randomUUID() });
  const ids: number[] = [];
  for (const body of formALifecycle()) {
    const d = signed(body);
    ids.push(await receive(t, d.body, d.headers));
  }
  const gift = signed(giftCardRecipientBody());
  ids.push(await receive(t, gift.body, gift.headers));
  ids.push(await receive(t, gift.body, { ...gift.headers, 'X-Service-Delivery': randomUUID() }, '/webhooks?retry=1'));
  const formB = signed(formBBody());
  delete formB.headers['X-Service-Signature'];
  ids.push(await receive(t, formB.body, formB.headers));
  const wrong = signed(giftCardRecipientBody({ recipient_uuid: '11111111-2222-4333-8444-555555555555', recipient_email: 'grace@example.com', recipient_name: 'Grace Hopper' }), 'not the secret');
  ids.push(await receive(t, wrong.body, wrong.headers));
  const binary = Buffer.from([0x00, 0xff, 0xfe, 0x7b, 0x22, 0xc3, 0x28, 0x0a, 0x27, 0x5c]);
  ids.push(await receive(t, binary, { 'Content-Type': 'application/octet-stream', 'X-Service-Signature': signedDelivery(binary, secret).headers['X-Service-Signature']! }));
  return ids;
}

export interface StoredRow {
  id: number;
  body: Buffer;
  body_sha256: string;
  signature: string;
  form: string;
  event: string | null;
  idempotency_key: string | null;
  lifecycle_key: string | null;
  findings: string;
  imported: number;
  received_at: number;
}

/** Every stored row of a data dir, in arrival order (read with a connection of the test's own). */
export function storedRows(dataDir: string): StoredRow[] {
  const db = new Database(join(dataDir, 'inspector.sqlite3'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT id, body, body_sha256, signature, form, event, idempotency_key, lifecycle_key, findings, imported, received_at
         FROM deliveries ORDER BY id`,
      )
      .all() as StoredRow[];
  } finally {
    db.close();
  }
}

/** What must survive an export and an import: the exact bytes and every verdict. */
export function verdicts(rows: StoredRow[]) {
  return rows.map((r) => ({
    sha256: sha256(r.body),
    signature: r.signature,
    form: r.form,
    event: r.event,
    idempotencyKey: r.idempotency_key,
    lifecycleKey: r.lifecycle_key,
    findings: (JSON.parse(r.findings) as Array<{ code: string }>).map((f) => f.code),
    receivedAt: r.received_at,
  }));
}

/** Every file under a folder, recursively, as bytes. */
export function allFiles(dir: string): Array<{ file: string; bytes: Buffer }> {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? allFiles(file) : [{ file, bytes: readFileSync(file) }];
  });
}

/** Collects one kind of server-sent event from a core until `done` says so (or the time limit). */
export async function collectEvents<N extends EventName>(
  t: TestCore,
  name: N,
  done: (payload: EventPayload<N>) => boolean,
  limitMs = 30_000,
): Promise<{ events: Promise<Array<EventPayload<N>>> }> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), limitMs);
  const res = await fetch(`${t.core.urls.uiOrigin}/events`, { headers: { Authorization: `Bearer ${t.token}` }, signal: abort.signal });
  const reader = res.body!.getReader();
  const events = (async () => {
    const collected: Array<EventPayload<N>> = [];
    let buffer = '';
    try {
      for (;;) {
        const { value, done: ended } = await reader.read();
        if (ended) break;
        buffer += Buffer.from(value).toString('utf8');
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event !== name || data === undefined) continue;
          const payload = JSON.parse(data) as EventPayload<N>;
          collected.push(payload);
          if (done(payload)) return collected;
        }
      }
    } catch {
      // Aborted at the time limit: return what came.
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
    return collected;
  })();
  return { events };
}
