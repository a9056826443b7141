import type pg from 'pg';
import type { ReplayRecord, ReplaySentBody } from '../../../../shared/replay';
import type { SettingsStore } from '../common/settings-store';
import type { ScopeReader } from '../reader';
import type { DeliverySourceStore } from '../writer';
import { replaySourceColumns, toSource, type ReplaySource, type SourceRow } from '../common/replay-source-rows';
import {
  replayParams,
  replayRecordColumns,
  replaySentBodyQuery,
  toRecord,
  toSentBody,
  type ReplayDraft,
  type ReplayRow,
  type ReplaySentBodyRow,
} from '../common/replay-rows';
import { numbered } from './sql';
import {
  exportedDeliveryColumns,
  storedDeliveryColumns,
  toStoredDelivery,
  type ExportedDelivery,
  type ExportScope,
  type StoredDelivery,
  type StoredDeliveryRow,
} from '../common/stored-delivery';
import { z } from 'zod';

const replayColumns: Array<[column: string, param: keyof ReturnType<typeof replayParams>]> = [
  ['delivery_id', 'deliveryId'], ['kind', 'kind'], ['batch_id', 'batchId'], ['sent_by', 'sentBy'], ['started_at', 'startedAt'], ['url', 'url'],
  ['signing_mode', 'signingMode'], ['edited', 'edited'], ['request_body', 'sentBody'], ['request_method', 'method'], ['request_headers', 'requestHeaders'],
  ['request_body_sha256', 'bodySha256'], ['request_body_size', 'bodySize'], ['response_status', 'status'],
  ['response_headers', 'responseHeaders'], ['response_body', 'responseBody'], ['response_body_truncated', 'responseTruncated'],
  ['error', 'error'], ['duration_ms', 'durationMs'],
];

/** The replays table on PostgreSQL. */
export function pgReplays(pool: pg.Pool) {
  return {
    async insert(draft: ReplayDraft): Promise<ReplayRecord> {
      const params = replayParams(draft);
      const { rows } = await pool.query<ReplayRow>(
        `INSERT INTO replays (${replayColumns.map(([c]) => c).join(', ')})
         VALUES (${replayColumns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING ${replayRecordColumns('postgresql')}`,
        replayColumns.map(([, param]) => params[param]),
      );
      return toRecord(rows[0]!);
    },
    async listForDelivery(deliveryId: number, limit = 200): Promise<ReplayRecord[]> {
      const { rows } = await pool.query<ReplayRow>(
        `SELECT ${replayRecordColumns('postgresql')} FROM replays WHERE delivery_id = $1 ORDER BY id DESC LIMIT $2`,
        [deliveryId, limit],
      );
      return rows.map(toRecord);
    },
    async sentBody(replayId: number): Promise<ReplaySentBody | null> {
      const { rows } = await pool.query<ReplaySentBodyRow>(numbered(replaySentBodyQuery), [replayId]);
      return rows[0] ? toSentBody(rows[0]) : null;
    },
  };
}

/** Stored deliveries read for replay, in arrival order. */
export function pgReplaySources(pool: pg.Pool) {
  const where = async (condition: string, value: unknown) =>
    (await pool.query<SourceRow>(`SELECT ${replaySourceColumns} FROM deliveries WHERE ${condition} ORDER BY id`, [value])).rows.map(toSource);
  return {
    one: async (id: number): Promise<ReplaySource | null> => (await where('id = $1', id))[0] ?? null,
    many: (ids: readonly number[]) => where('id = ANY($1::bigint[])', [...new Set(ids)]),
    withIdempotencyKey: (key: string) => where('idempotency_key = $1', key),
  };
}

export function pgDeliverySource(pool: pg.Pool, settings: SettingsStore, source: string): DeliverySourceStore {
  const cursorKey = `sourceCursor:${source}`;
  return {
    async alreadyStored(relayIds) {
      const { rows } = await pool.query<{ source_id: string }>(
        'SELECT source_id FROM deliveries WHERE source = $1 AND source_id = ANY($2::text[])',
        [source, relayIds],
      );
      return new Set(rows.map((r) => r.source_id));
    },
    async count() {
      const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM deliveries WHERE source = $1', [source]);
      return Number(rows[0]?.n ?? 0);
    },
    cursor: {
      read: () => settings.read(cursorKey, z.string()) ?? '0:0',
      write: (cursor) => settings.write(cursorKey, cursor),
    },
  };
}

function scopeClause(scope: ExportScope): { where: string; params: unknown[] } {
  if (scope === 'all') return { where: 'TRUE', params: [] };
  if ('deliveryIds' in scope) return { where: 'id = ANY($1::bigint[])', params: [scope.deliveryIds] };
  if ('idempotencyKey' in scope) return { where: 'idempotency_key = $1', params: [scope.idempotencyKey] };
  return { where: 'lifecycle_key = $1', params: [scope.lifecycleKey] };
}

/** The exports' reads of the PostgreSQL store. */
export function pgExports(pool: pg.Pool) {
  return {
    async scope(scope: ExportScope): Promise<ScopeReader> {
      const { where, params } = scopeClause(scope);
      const next = params.length + 1;
      const { rows } = await pool.query<{ n: number }>(`SELECT count(*) AS n FROM deliveries WHERE ${where}`, params);
      return {
        total: rows[0]!.n,
        storedIds: async () => (await pool.query<{ id: number }>(`SELECT id FROM deliveries WHERE ${where}`, params)).rows.map((r) => r.id),
        page: async (after, limit) =>
          (
            await pool.query<StoredDeliveryRow>(
              `SELECT ${storedDeliveryColumns} FROM deliveries WHERE ${where} AND id > $${next} ORDER BY id LIMIT $${next + 1}`,
              [...params, after, limit],
            )
          ).rows.map(toStoredDelivery),
      };
    },
    async storedDelivery(id: number): Promise<StoredDelivery | null> {
      const { rows } = await pool.query<StoredDeliveryRow>(`SELECT ${storedDeliveryColumns} FROM deliveries WHERE id = $1`, [id]);
      return rows[0] ? toStoredDelivery(rows[0]) : null;
    },
    async exportPage(afterId: number, limit: number): Promise<ExportedDelivery[]> {
      const { rows } = await pool.query<ExportedDelivery>(
        `SELECT ${exportedDeliveryColumns}
         FROM deliveries d LEFT JOIN duplicate_groups g ON g.idempotency_key = d.idempotency_key
         WHERE d.id > $1 ORDER BY d.id LIMIT $2`,
        [afterId, limit],
      );
      return rows;
    },
    async lifecycleKeys(afterKey: string, limit: number): Promise<string[]> {
      // In byte order, as SQLite sorts text.
      const { rows } = await pool.query<{ key: string }>(
        'SELECT key FROM lifecycles WHERE key COLLATE "C" > $1 ORDER BY key COLLATE "C" LIMIT $2',
        [afterKey, limit],
      );
      return rows.map((r) => r.key);
    },
  };
}
