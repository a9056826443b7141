import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CallOutput } from '../../../../shared/contract';
import type { ReconcileRun, ReconcileRunSummary, ReconcileSchedule } from '../../../../shared/reconcile';
import { call } from '../../api/client';
import { callKey } from '../../api/queries';
import { useServerEvent } from '../../hooks/useEventStream';

export interface ReconcileState {
  /** The run under way, as its pages are read. */
  current: ReconcileRunSummary | null;
  runs: ReconcileRunSummary[];
  schedule: ReconcileSchedule | null;
  /** The run on screen with its rows: the one asked for, else the newest finished. */
  run: ReconcileRun | null;
  loadError: unknown;
}

type ReconcileList = CallOutput<'reconcile.list'>;
const listKey = callKey('reconcile.list', {});

/** The run under way, the runs kept and the schedule; read again when a run ends and after a reconnect (api/query-invalidation.ts). */
export function useReconcileList() {
  return useQuery({ queryKey: listKey, queryFn: ({ signal }) => call('reconcile.list', {}, { signal }) });
}

/** The runs kept and the one on screen; the run under way follows the core's `reconcile.changed` events page by page. */
export function useReconcile(runId: string | null): ReconcileState {
  const queryClient = useQueryClient();
  const list = useReconcileList();
  const input = runId === null ? {} : { runId };
  const run = useQuery({
    queryKey: callKey('reconcile.get', input),
    queryFn: ({ signal }) =>
      call('reconcile.get', input, { signal }).catch((error: unknown) => {
        // None finished yet is not an error to show: the view offers to run one.
        if ((error as { status?: number }).status === 404 && runId === null) return null;
        throw error;
      }),
  });
  useServerEvent('reconcile.changed', (summary) => showCurrent(queryClient, summary.state === 'running' ? summary : null));

  return {
    current: list.data?.current ?? null,
    runs: list.data?.runs ?? [],
    schedule: list.data?.schedule ?? null,
    run: run.data ?? null,
    loadError: list.error ?? run.error,
  };
}

/** The run under way as this page started it or an event told it (null: none), without waiting for the list. */
export function showCurrent(queryClient: QueryClient, current: ReconcileRunSummary | null): void {
  queryClient.setQueryData<ReconcileList>(listKey, (list) => list && { ...list, current });
}

/** The schedule as reconcile.setSchedule answered it. */
export function showSchedule(queryClient: QueryClient, schedule: ReconcileSchedule): void {
  queryClient.setQueryData<ReconcileList>(listKey, (list) => list && { ...list, schedule });
}
