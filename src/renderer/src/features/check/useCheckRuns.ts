import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CheckCaseResult, CheckRunSummary, CheckRunView } from '../../../../shared/handler-check';
import { call } from '../../api/client';
import { callKey } from '../../api/queries';
import { useServerEvent } from '../../hooks/useEventStream';
import { listAsRead, mergeRead, runOf, withResult, type CheckRunList } from './check-run-merge';

export interface CheckRuns {
  /** The run on screen: the last one started (by anyone), live while it runs. */
  run: CheckRunView | null;
  kept: CheckRunSummary[];
  loadError: unknown;
}

const listKey = callKey('check.list', {});
const runKey = (runId: string) => callKey('check.get', { runId });

/**
 * The current run and the kept ones. Each case graded comes as a `check.changed` event and is shown at once;
 * the run and the list are read again when a run finishes, is kept, or after a reconnect (api/query-invalidation.ts),
 * and a read that predates what the events told is never shown over it (check-run-merge.ts).
 */
export function useCheckRuns(): CheckRuns {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: listKey,
    queryFn: async ({ signal }) => listAsRead(await call('check.list', {}, { signal }), queryClient.getQueryData<CheckRunList>(listKey)),
  });
  const runId = list.data?.current?.id ?? null;
  const run = useQuery({
    queryKey: callKey('check.get', runId === null ? null : { runId }),
    queryFn:
      runId === null
        ? skipToken
        : async ({ signal }) => mergeRead(await call('check.get', { runId }, { signal }), queryClient.getQueryData<CheckRunView>(runKey(runId))),
  });

  useServerEvent('check.changed', ({ runId: changed, result, summary }) => {
    // A run started elsewhere (another user, another window) becomes the one on screen; a kept run's change is the list's.
    if (changed !== runId && summary.state !== 'running') return;
    if (changed !== runId) showCurrent(queryClient, summary);
    if (result !== null) queryClient.setQueryData<CheckRunView>(runKey(changed), (shown) => withResult(shown ?? runOf(summary), result, summary));
    // One that finished: its whole state, in the report's order.
    else if (queryClient.getQueryData<CheckRunView>(runKey(changed))?.state !== summary.state) void queryClient.invalidateQueries({ queryKey: runKey(changed) });
    else queryClient.setQueryData<CheckRunView>(runKey(changed), (shown) => shown && { ...shown, ...summary });
  });

  return { run: runId === null ? null : (run.data ?? null), kept: list.data?.kept ?? [], loadError: list.error ?? run.error };
}

function showCurrent(queryClient: QueryClient, summary: CheckRunSummary): void {
  queryClient.setQueryData<CheckRunList>(listKey, (list) => ({ kept: [], ...list, current: summary }));
}

/** A run just started by this page: shown at once, filled in by the events. */
export function showStarted(queryClient: QueryClient, started: CheckRunView): void {
  queryClient.setQueryData<CheckRunView>(runKey(started.id), (shown) => mergeRead(started, shown));
  const { results: _results, causes: _causes, ...summary } = started;
  showCurrent(queryClient, summary);
}

/** A case sent again, as its call answered. */
export function showResent(queryClient: QueryClient, runId: string, result: CheckCaseResult): void {
  queryClient.setQueryData<CheckRunView>(runKey(runId), (run) => run && { ...run, results: run.results.map((r) => (r.id === result.id ? result : r)) });
}

/** A run just kept: its summary at once, and the kept runs read again (resolves once they are). */
export function showKept(queryClient: QueryClient, summary: CheckRunSummary): Promise<void> {
  queryClient.setQueryData<CheckRunView>(runKey(summary.id), (run) => run && { ...run, ...summary });
  return queryClient.invalidateQueries({ queryKey: listKey });
}
