import { useEffect, useState } from 'react';
import type { CheckCaseResult, CheckRunSummary, CheckRunView } from '../../../../shared/handler-check';
import { call } from '../../api/client';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';
import { mergeRead, withResult } from './check-run-merge';

export interface CheckRuns {
  /** The run on screen: the last one started (by anyone), live while it runs. */
  run: CheckRunView | null;
  kept: CheckRunSummary[];
  loadError: unknown;
  /** A run just started by this page: shown at once, filled in by the events. */
  started: (run: CheckRunView) => void;
  /** A case sent again, as its call answered. */
  resent: (result: CheckCaseResult) => void;
  setKept: (kept: CheckRunSummary[]) => void;
}

/** The current run and the kept ones, kept up to date by the core's `check.changed` events. */
export function useCheckRuns(): CheckRuns {
  const [run, setRun] = useState<CheckRunView | null>(null);
  const [kept, setKept] = useState<CheckRunSummary[]>([]);
  const [loadError, setLoadError] = useState<unknown>(null);

  const readRun = (runId: string) =>
    call('check.get', { runId }).then(
      (read) => setRun((shown) => mergeRead(read, shown)),
      (error: unknown) => setLoadError(error),
    );
  const reload = () =>
    call('check.list', {}).then(
      (list) => {
        setLoadError(null);
        setKept(list.kept);
        if (list.current) void readRun(list.current.id);
      },
      (error: unknown) => setLoadError(error),
    );

  useEffect(() => {
    void reload();
    // Once, on mount; the events and a reconnect keep it current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useReconnected(() => void reload());

  useServerEvent('check.changed', ({ runId, result, summary }) => {
    const shown = run?.id === runId;
    if (result !== null && shown) setRun((current) => (current && current.id === runId ? withResult(current, result, summary) : current));
    // A run started elsewhere (another user, another window), or one that just finished: its whole state, in the report's order.
    else if (!shown ? summary.state === 'running' : result === null && summary.state !== run.state) void readRun(runId);
    else if (shown) setRun((current) => (current ? { ...current, ...summary } : current));
    if (result === null) void call('check.list', {}).then((list) => setKept(list.kept), () => {});
  });

  return {
    run,
    kept,
    loadError,
    started: (started) => setRun((shown) => mergeRead(started, shown)),
    resent: (result) => setRun((current) => (current ? { ...current, results: current.results.map((r) => (r.id === result.id ? result : r)) } : current)),
    setKept,
  };
}
