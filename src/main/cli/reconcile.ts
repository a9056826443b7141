import { parseCommandLine } from '@webhook-inspector/command-line';
import { runFails } from '../../shared/reconcile';
import { reconcileApi } from '../core/reconcile/api-access';
import { runReconcile } from '../core/reconcile/run-reconcile';
import { reconcileRunText } from '../core/reconcile/run-text';
import { withStoreAt } from '../core/store';
import { reconcileDefinition } from './reconcile-definition';
import { storeLocationFrom, writeLines } from './store-output';

function positive(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!(value > 0)) throw new Error(`--${flag} must be a positive number, not "${text}"`);
  return value;
}

/**
 * `reconcile`: one run against the API on the store (either engine), kept there; text or JSON on stdout, progress on
 * stderr. Exit 1 when something is behind, contradicts or was never heard; 2 when the run could not be made.
 */
export async function reconcileCommand(args: string[]): Promise<void> {
  try {
    await reconcile(args);
  } catch (error) {
    // 2, not 1: CI tells "something is missing" from "the run could not be made".
    console.error(`webhook-inspector reconcile: ${(error as Error).message}`);
    process.exitCode = 2;
  }
}

async function reconcile(args: string[]): Promise<void> {
  const { values } = parseCommandLine(reconcileDefinition, args);
  const location = storeLocationFrom(values);
  const since = values.since ?? null;
  if (since !== null && !Number.isFinite(Date.parse(since))) throw new Error(`--since: "${since}" is not a time (ISO-8601, e.g. 2026-03-01T00:00:00Z)`);
  const run = await withStoreAt(location, async (store) => {
    const api = await reconcileApi({
      dataDir: location.dataDir,
      store,
      apiUrl: values.api,
      timeScale: positive('time-scale', values['time-scale']),
      readTimeoutMs: positive('read-timeout', values['read-timeout']),
    });
    process.stderr.write(`reconcile: reading ${api.baseUrl} (${api.from}), at most ${api.requestsPerSecond} requests a second\n`);
    let lastLine = '';
    return runReconcile(
      {
        store,
        readPage: api.readPage,
        service: api.baseUrl,
        requestsPerSecond: api.requestsPerSecond,
        retryWindowMs: api.retryWindowMs,
        readTimeoutMs: api.readTimeoutMs,
        progress: ({ progress }) => {
          // Every tenth page of each list, and its last.
          const marks = [progress.payoutOrders, progress.payouts].map((l) => (l.pagesDone === l.totalPages ? l.pagesDone : Math.floor(l.pagesDone / 10) * 10));
          const line = `reconcile: payout orders ${marks[0]}/${progress.payoutOrders.totalPages ?? '?'} pages, payouts ${marks[1]}/${progress.payouts.totalPages ?? '?'} pages`;
          if (line !== lastLine) process.stderr.write(`${line}\n`);
          lastLine = line;
        },
      },
      { since, trigger: 'command' },
    );
  });
  const lines = values.json ? [JSON.stringify(run)] : reconcileRunText(run);
  await writeLines(lines.map((line) => `${line}\n`), undefined);
  if (run.state !== 'done') process.exitCode = 2;
  else if (runFails(run.counts)) process.exitCode = 1;
}
