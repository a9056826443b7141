import { RouteLink } from '../../components/RouteLink';
import { useReconcileList } from './useReconcile';

/** The top bar's line when the newest reconcile run found payouts behind or never heard beyond the service's retry window. */
export function ReconcileAlert() {
  const list = useReconcileList();
  const latest = list.data?.runs.find((r) => r.state === 'done');
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
