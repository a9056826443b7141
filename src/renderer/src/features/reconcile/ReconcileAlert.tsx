import { useEffect, useState } from 'react';
import type { ReconcileRunSummary } from '../../../../shared/reconcile';
import { call } from '../../api/client';
import { RouteLink } from '../../components/RouteLink';
import { useReconnected, useServerEvent } from '../../hooks/useEventStream';

/** The top bar's line when the newest reconcile run found payouts behind or never heard beyond the service's retry window. */
export function ReconcileAlert() {
  const [latest, setLatest] = useState<ReconcileRunSummary | null>(null);
  const reload = () =>
    call('reconcile.list', {}).then(
      (list) => setLatest(list.runs.find((r) => r.state === 'done') ?? null),
      () => setLatest(null),
    );
  useEffect(() => {
    void reload();
  }, []);
  useReconnected(() => void reload());
  useServerEvent('reconcile.changed', (summary) => {
    if (summary.state === 'done') setLatest(summary);
  });
  if (!latest || latest.beyondRetryWindow === 0) return null;
  const n = latest.beyondRetryWindow;
  return (
    <span className="top-fact warn" role="status" data-testid="reconcile-alert" title={`Reconcile run of ${latest.startedAt}: the service has given up on them; re-send from its dashboard`}>
      <RouteLink to={{ view: 'reconcile', runId: null, klass: null }}>
        {n} {n === 1 ? 'payout' : 'payouts'} missing webhooks beyond the retry window
      </RouteLink>
    </span>
  );
}
