import { useEffect, useState } from 'react';
import type { ReconcileRun, ReconcileRunSummary, ReconcileSchedule } from '../../../../shared/reconcile';
import { call } from '../../api/client';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';

export interface ReconcileState {
  /** The run under way, as its pages are read. */
  current: ReconcileRunSummary | null;
  runs: ReconcileRunSummary[];
  schedule: ReconcileSchedule | null;
  /** The run on screen with its rows: the one asked for, else the newest finished. */
  run: ReconcileRun | null;
  loadError: unknown;
  started: (summary: ReconcileRunSummary) => void;
  setSchedule: (schedule: ReconcileSchedule) => void;
}

/** The runs kept and the one on screen, kept current by the core's `reconcile.changed` events. */
export function useReconcile(runId: string | null): ReconcileState {
  const [current, setCurrent] = useState<ReconcileRunSummary | null>(null);
  const [runs, setRuns] = useState<ReconcileRunSummary[]>([]);
  const [schedule, setSchedule] = useState<ReconcileSchedule | null>(null);
  const [run, setRun] = useState<ReconcileRun | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);

  const readRun = () =>
    call('reconcile.get', runId === null ? {} : { runId }).then(
      (read) => {
        setLoadError(null);
        setRun(read);
      },
      (error: unknown) => {
        // None finished yet is not an error to show: the view offers to run one.
        if ((error as { status?: number }).status === 404 && runId === null) setRun(null);
        else setLoadError(error);
      },
    );
  const reload = () =>
    call('reconcile.list', {}).then(
      (list) => {
        setCurrent(list.current);
        setRuns(list.runs);
        setSchedule(list.schedule);
        void readRun();
      },
      (error: unknown) => setLoadError(error),
    );

  useEffect(() => {
    void reload();
    // On mount and when another run is asked for; the events and a reconnect keep it current.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runId]);
  useReconnected(() => void reload());
  useServerEvent('reconcile.changed', (summary) => {
    if (summary.state === 'running') setCurrent(summary);
    else {
      setCurrent(null);
      void reload();
    }
  });

  return { current, runs, schedule, run, loadError, started: setCurrent, setSchedule };
}
