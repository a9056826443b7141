import { z } from 'zod';
import { ReconcileRun, ReconcileRunSummary, ReconcileSchedule } from '../reconcile';
import { Empty } from './empty';
import type { Role } from '../role';

/** Reconcile: the payouts the service's API lists, joined against what the deliveries said. */
export const calls = {
  /** Reconcile (docs/reconcile.md): joins every payout the API lists against the lifecycles; one run at a time. */
  'reconcile.start': { input: z.object({ since: z.string().max(100).nullable().optional() }), output: ReconcileRunSummary },
  'reconcile.cancel': { input: z.object({ runId: z.string().max(100) }), output: ReconcileRunSummary },
  /** The run under way, the runs kept (newest first, their summaries) and the schedule. */
  'reconcile.list': {
    input: Empty,
    output: z.object({ current: ReconcileRunSummary.nullable(), runs: z.array(ReconcileRunSummary), schedule: ReconcileSchedule }),
  },
  /** A kept run with its rows; without runId, the newest finished one. */
  'reconcile.get': { input: z.object({ runId: z.string().max(100).optional() }), output: ReconcileRun },
  'reconcile.setSchedule': { input: ReconcileSchedule, output: ReconcileSchedule },
} as const;

/** The least role each call needs (contract.ts joins them; roles.ts says what a role allows). */
export const roles = {
  'reconcile.start': 'member',
  'reconcile.cancel': 'member',
  'reconcile.list': 'viewer',
  'reconcile.get': 'viewer',
  'reconcile.setSchedule': 'admin',
} as const satisfies Record<keyof typeof calls, Role>;

export const events = {
  /** A reconcile run read a page, finished, failed or was canceled. */
  'reconcile.changed': ReconcileRunSummary,
} as const;
