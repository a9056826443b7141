import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { reconcileClasses, type ReconcileRun } from '../../shared/reconcile';
import { reconcileApi } from '../core/reconcile/api-access';
import { runReconcile } from '../core/reconcile/run-reconcile';
import type { InspectorStore } from '../core/store/inspector-store';
import { toolError, untrustedAnswer } from './tool-answer';

export interface ReconcileToolOptions {
  /** The data dir: the service API it uses (Settings, or the running inspector's simulator) and its tokens. */
  dataDir: string;
}

/** A run as the tool answers it: the rows of the classes asked for, at most `limit`. */
function answerOf(run: ReconcileRun, classes: readonly string[] | undefined, limit: number) {
  const rows = run.rows.filter((r) => classes === undefined || classes.includes(r.class));
  return {
    ...run,
    rows: rows.slice(0, limit),
    rowsListed: Math.min(rows.length, limit),
    rowsMatching: rows.length,
    unmatched: run.unmatched.slice(0, limit),
  };
}

/**
 * `reconcile_payouts`: every payout the service's API lists joined against the lifecycles of the stored deliveries
 * (docs/reconcile.md), as `webhook-inspector reconcile --json` gives it: the newest kept run, or a new one read from the
 * API now. Reading the API sends nothing to a handler, so it needs no --allow-send.
 */
export function registerReconcileTools(server: McpServer, store: InspectorStore, options: ReconcileToolOptions): void {
  server.registerTool(
    'reconcile_payouts',
    {
      title: "Reconcile the API's payouts with the webhooks",
      description:
        "Which payouts the service's API lists that no webhook told about, and why. Each payout gets one class: agrees, " +
        'behind (the API is further along; `missingEvents` names the events that should have come), contradicts (a terminal ' +
        'webhook says one status, the API another), never_heard, or unknown_to_api (webhooks for a payout the API does not ' +
        "list, with their signature verdicts). Behind and never heard carry `retry` (still in the service's retry window, or " +
        "beyond it: re-send from the service's dashboard) and `reasons` from the inspector's own records: the receiver's " +
        '4xx/5xx/3xx with the rule that answered, a stretch when no receiver ran, the relay source down, a rejected ' +
        'signature, or no attempt at all. `changes` says what changed since the previous run. With run=true it reads every ' +
        "page of the API now (within its rate limit: 5 requests a second) and keeps the run; otherwise it returns the newest kept run.",
      inputSchema: {
        run: z.boolean().default(false).describe('Read the API now and keep a new run (slow on a large account); false: the newest kept run.'),
        since: z.string().max(100).optional().describe('With run=true: only payouts the API changed since this ISO-8601 time.'),
        classes: z.array(z.enum(reconcileClasses)).optional().describe('Only rows of these classes (default: all).'),
        limit: z.number().int().min(1).max(1000).default(200).describe('At most this many rows.'),
      },
      annotations: { readOnlyHint: false, openWorldHint: true },
    },
    async ({ run, since, classes, limit }) => {
      if (!run) {
        const latest = await store.reconcile.runs.latestDone();
        if (!latest) return toolError('No reconcile run has finished yet: call reconcile_payouts with run=true, or run `webhook-inspector reconcile`.');
        return untrustedAnswer(answerOf(latest, classes, limit));
      }
      if (since !== undefined && !Number.isFinite(Date.parse(since))) return toolError(`since: "${since}" is not an ISO-8601 time.`);
      let api;
      try {
        api = await reconcileApi({ dataDir: options.dataDir, store });
      } catch (error) {
        return toolError((error as Error).message);
      }
      const result = await runReconcile(
        { store, readPage: api.readPage, service: api.baseUrl, requestsPerSecond: api.requestsPerSecond, retryWindowMs: api.retryWindowMs, readTimeoutMs: api.readTimeoutMs },
        { since: since ?? null, trigger: 'mcp' },
      );
      if (result.state !== 'done') return toolError(`The reconcile run ${result.state}: ${result.error ?? 'no reason given'}`);
      return untrustedAnswer(answerOf(result, classes, limit));
    },
  );
}
