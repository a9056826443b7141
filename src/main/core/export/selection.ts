import type { DeliverySelection } from '../../../shared/replay';
import type { Finding } from '../../../shared/verdicts';
import type { DeliveryRow } from '../store/delivery-row';
import type { Db } from '../store/open';

/** What an export covers: a selection, a duplicate group, a lifecycle, or every stored delivery. */
export type ExportScope = DeliverySelection | 'all';

/** One stored delivery with what the exports need: the raw capture, the answer given, the stored verdicts. */
export interface StoredDelivery {
  id: number;
  receivedAt: number;
  method: string;
  path: string;
  query: string;
  headers: Array<[string, string]>;
  body: Buffer;
  bodySha256: string;
  bodyTruncated: boolean;
  remoteAddress: string | null;
  tls: boolean;
  imported: boolean;
  response: { status: number; body: string; reason: string };
  analysis: {
    form: string;
    event: string | null;
    payoutType: string | null;
    deliveryId: string | null;
    signature: string;
    idempotencyKey: string | null;
    findings: Finding[];
  };
}

type SelectedRow = Pick<
  DeliveryRow,
  | 'id' | 'received_at' | 'method' | 'path' | 'query' | 'headers' | 'body' | 'body_sha256' | 'body_truncated'
  | 'remote_address' | 'tls' | 'imported' | 'response_status' | 'response_body' | 'response_reason' | 'form'
  | 'event' | 'payout_type' | 'delivery_id' | 'signature' | 'idempotency_key' | 'findings'
>;

const columns = `id, received_at, method, path, query, headers, body, body_sha256, body_truncated, remote_address, tls,
  imported, response_status, response_body, response_reason, form, event, payout_type, delivery_id, signature,
  idempotency_key, findings`;
const batchSize = 500;

function toStoredDelivery(row: SelectedRow): StoredDelivery {
  return {
    id: row.id,
    receivedAt: row.received_at,
    method: row.method,
    path: row.path,
    query: row.query,
    headers: JSON.parse(row.headers) as Array<[string, string]>,
    body: row.body,
    bodySha256: row.body_sha256,
    bodyTruncated: row.body_truncated === 1,
    remoteAddress: row.remote_address,
    tls: row.tls === 1,
    imported: row.imported === 1,
    response: { status: row.response_status, body: row.response_body, reason: row.response_reason },
    analysis: {
      form: row.form,
      event: row.event,
      payoutType: row.payout_type,
      deliveryId: row.delivery_id,
      signature: row.signature,
      idempotencyKey: row.idempotency_key,
      findings: JSON.parse(row.findings) as Finding[],
    },
  };
}

/** The WHERE clause of a scope, values bound (ids go in as one JSON array). */
function scopeClause(scope: ExportScope): { where: string; param: string | null; label: string } {
  if (scope === 'all') return { where: '1', param: null, label: 'the store' };
  if ('deliveryIds' in scope) {
    return { where: 'id IN (SELECT value FROM json_each(@param))', param: JSON.stringify(scope.deliveryIds), label: 'the selection' };
  }
  if ('idempotencyKey' in scope) {
    return { where: 'idempotency_key = @param', param: scope.idempotencyKey, label: `duplicate group ${scope.idempotencyKey}` };
  }
  return { where: 'lifecycle_key = @param', param: scope.lifecycleKey, label: `lifecycle ${scope.lifecycleKey}` };
}

class NothingSelected extends Error {
  readonly status = 404;
}

/**
 * The deliveries of a scope in arrival order, read in batches so a whole store never sits in memory.
 * Throws (404) when the scope holds nothing, or when any id asked for is not stored.
 */
export function selectDeliveries(db: Db, scope: ExportScope): { total: number; deliveries: () => Generator<StoredDelivery> } {
  const { where, param, label } = scopeClause(scope);
  const total = (db.prepare(`SELECT count(*) AS n FROM deliveries WHERE ${where}`).get({ param }) as { n: number }).n;
  if (scope !== 'all' && 'deliveryIds' in scope) {
    const wanted = new Set(scope.deliveryIds);
    if (total < wanted.size) {
      const stored = db.prepare(`SELECT id FROM deliveries WHERE ${where}`).pluck().all({ param }) as number[];
      for (const id of stored) wanted.delete(id);
      throw new NothingSelected(`no delivery ${[...wanted].slice(0, 20).join(', ')}`);
    }
  }
  if (total === 0 && scope !== 'all') throw new NothingSelected(`no deliveries in ${label}`);
  const page = db.prepare(`SELECT ${columns} FROM deliveries WHERE ${where} AND id > @after ORDER BY id LIMIT @limit`);
  function* deliveries(): Generator<StoredDelivery> {
    for (let after = 0; ; ) {
      const rows = page.all({ param, after, limit: batchSize }) as SelectedRow[];
      if (rows.length === 0) return;
      for (const row of rows) yield toStoredDelivery(row);
      after = rows[rows.length - 1]!.id;
    }
  }
  return { total, deliveries };
}

/** One stored delivery, or null. */
export function storedDelivery(db: Db, id: number): StoredDelivery | null {
  const row = db.prepare(`SELECT ${columns} FROM deliveries WHERE id = ?`).get(id) as SelectedRow | undefined;
  return row ? toStoredDelivery(row) : null;
}
