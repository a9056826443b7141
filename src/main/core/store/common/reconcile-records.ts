import type { LifecycleKind } from '../../../../shared/lifecycle';
import type { ReconcileRun, ReconcileRunSummary } from '../../../../shared/reconcile';
import type { SignatureVerdict } from '../../../../shared/verdicts';

/**
 * What reconcile reads and keeps in the store, the same on both engines: when the inspector, its receivers and its
 * relay source ran (`runtime_spans`), each run (`reconcile_runs`), and the deliveries' columns it joins.
 */

export const runtimeComponents = ['inspector', 'receiver', 'relay_source'] as const;
export type RuntimeComponent = (typeof runtimeComponents)[number];

/**
 * A stretch of time one part ran, or (the relay source) stood in one state: opened when it starts, its `seenAt` moved
 * while it runs (a heartbeat), closed when it stops. A process that dies leaves it open: it ran until `seenAt`.
 */
export interface RuntimeSpan {
  id: number;
  component: RuntimeComponent;
  /** JSON: the receiver's URLs, the relay's name and the state (`connected`, `unreachable`) with its error, the simulator's time scale. */
  detail: Record<string, unknown>;
  startedAt: number;
  seenAt: number;
  stoppedAt: number | null;
  stopReason: string | null;
}

export type RuntimeChange =
  | { op: 'open'; component: RuntimeComponent; detail: Record<string, unknown>; at: number }
  | { op: 'touch'; ids: number[]; at: number }
  | { op: 'close'; ids: number[]; at: number; reason: string };

/** A delivery as reconcile joins it: its lifecycle's keys, its event, what the receiver answered and its verdict. */
export interface ReconcileDelivery {
  id: number;
  receivedAt: number;
  lifecycleKey: string;
  kind: LifecycleKind;
  orderUuid: string | null;
  recipientKey: string | null;
  subject: string | null;
  event: string | null;
  eventTime: string | null;
  status: string | null;
  responseStatus: number;
  responseReason: string;
  /** How long after the request's arrival the receiver answered (null: not known). */
  answeredAfterMs: number | null;
  signature: SignatureVerdict;
}

/** The columns of `deliveries` it reads, both engines (a row mapped by `toReconcileDelivery`). */
export const reconcileDeliveryColumns =
  'id, received_at, lifecycle_key, lifecycle_kind, order_uuid, recipient_key, subject, event, event_time, event_status, response_status, response_reason, response_after_ms, signature';

export interface ReconcileDeliveryRow {
  id: number | string;
  received_at: number | string;
  lifecycle_key: string;
  lifecycle_kind: string;
  order_uuid: string | null;
  recipient_key: string | null;
  subject: string | null;
  event: string | null;
  event_time: string | null;
  event_status: string | null;
  response_status: number;
  response_reason: string;
  response_after_ms: number | null;
  signature: string;
}

export function toReconcileDelivery(row: ReconcileDeliveryRow): ReconcileDelivery {
  return {
    id: Number(row.id),
    receivedAt: Number(row.received_at),
    lifecycleKey: row.lifecycle_key,
    kind: row.lifecycle_kind as LifecycleKind,
    orderUuid: row.order_uuid,
    recipientKey: row.recipient_key,
    subject: row.subject,
    event: row.event,
    eventTime: row.event_time,
    status: row.event_status,
    responseStatus: row.response_status,
    responseReason: row.response_reason,
    answeredAfterMs: row.response_after_ms === null ? null : Number(row.response_after_ms),
    signature: row.signature as SignatureVerdict,
  };
}

/** Runs kept: older ones are removed as a new one is saved. */
export const keptReconcileRuns = 50;

export interface RuntimeSpanRow {
  id: number | string;
  component: string;
  detail: string;
  started_at: number | string;
  seen_at: number | string;
  stopped_at: number | string | null;
  stop_reason: string | null;
}

export function toRuntimeSpan(row: RuntimeSpanRow): RuntimeSpan {
  return {
    id: Number(row.id),
    component: row.component as RuntimeComponent,
    detail: JSON.parse(row.detail) as Record<string, unknown>,
    startedAt: Number(row.started_at),
    seenAt: Number(row.seen_at),
    stoppedAt: row.stopped_at === null ? null : Number(row.stopped_at),
    stopReason: row.stop_reason,
  };
}

/** A run as a row: its summary and its rows as JSON, apart, so that a list reads the summaries only. */
export interface ReconcileRunRow {
  id: string;
  started_at: number | string;
  state: string;
  summary: string;
  report: string | null;
}

export function reconcileRunParams(run: ReconcileRun): { id: string; startedAt: number; state: string; summary: string; report: string } {
  const { rows, unmatched, ...summary } = run;
  return { id: run.id, startedAt: Date.parse(run.startedAt), state: run.state, summary: JSON.stringify(summary), report: JSON.stringify({ rows, unmatched }) };
}

export function toRunSummary(row: Pick<ReconcileRunRow, 'summary'>): ReconcileRunSummary {
  return JSON.parse(row.summary) as ReconcileRunSummary;
}

export function toRun(row: ReconcileRunRow): ReconcileRun {
  const report = row.report === null ? { rows: [], unmatched: [] } : (JSON.parse(row.report) as Pick<ReconcileRun, 'rows' | 'unmatched'>);
  return { ...toRunSummary(row), ...report };
}
