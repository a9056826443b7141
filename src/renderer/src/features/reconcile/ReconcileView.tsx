import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ReconcileSchedule, reconcileClasses, type ReconcileClass, type ReconcileRow, type ReconcileRunSummary } from '../../../../shared/reconcile';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { RoleGate } from '../../components/RoleGate';
import { RouteLink } from '../../components/RouteLink';
import { useNavigate } from '../../hooks/useNavigate';
import { formatFullTime } from '../../lib/format';
import { classWords, reasonWords, retryWords } from './reconcile-words';
import { showCurrent, showSchedule, useReconcile } from './useReconcile';

/** Worst first. */
const severity: Record<ReconcileClass, number> = { contradicts: 0, behind: 1, never_heard: 2, unknown_to_api: 3, agrees: 4 };

interface ReconcileViewProps {
  runId: string | null;
  klass: ReconcileClass | null;
}

function ListProgressLine({ label, progress }: { label: string; progress: ReconcileRunSummary['progress']['payouts'] }) {
  const { pagesDone, totalPages, items } = progress;
  const ratio = totalPages ? Math.min(1, pagesDone / Math.max(1, totalPages)) : 0;
  return (
    <div className="reconcile-progress-line">
      <span>
        {label}: page {pagesDone} of {totalPages ?? '?'} ({items} items)
      </span>
      <progress max={1} value={ratio} aria-label={`${label} pages read`} />
    </div>
  );
}

/** The Reconcile view (docs/reconcile.md): run it, its counts per class, and its rows, filterable by class. */
export function ReconcileView({ runId, klass }: ReconcileViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useReconcile(runId);
  const [since, setSince] = useState('');
  const { run, current, schedule } = state;

  const start = useMutation({
    mutationFn: (sinceIso: string | null) => call('reconcile.start', { since: sinceIso }),
    onSuccess: (started) => showCurrent(queryClient, started),
  });
  const cancel = useMutation({ mutationFn: (id: string) => call('reconcile.cancel', { runId: id }) });
  const reschedule = useMutation({
    mutationFn: (next: ReconcileSchedule) => call('reconcile.setSchedule', next),
    onSuccess: (saved) => showSchedule(queryClient, saved),
  });
  const actionError = start.error ?? cancel.error ?? reschedule.error;
  const everyMinutes = ReconcileSchedule.shape.everyMinutes;
  const rows = run ? run.rows.filter((row) => klass === null || row.class === klass).sort((a, b) => severity[a.class] - severity[b.class]) : [];

  return (
    <section className="reconcile-view" data-testid="reconcile-view">
      <header className="reconcile-header">
        <h2>Reconcile</h2>
        <p className="muted">
          Every payout the service's API lists, joined against the lifecycles of the deliveries the receiver accepted: which agree, which are behind, contradict,
          were never heard or are unknown to the API, and why, from the inspector's own records.
        </p>
        <div className="reconcile-actions">
          <label>
            Changed since{' '}
            <input type="datetime-local" value={since} onChange={(event) => setSince(event.target.value)} data-testid="reconcile-since" />
          </label>
          <RoleGate call="reconcile.start" doing="run reconcile" inline>
            <button
              type="button"
              className="primary"
              onClick={() => start.mutate(since.trim() === '' ? null : new Date(since).toISOString())}
              disabled={current !== null}
              data-testid="reconcile-run"
            >
              {current ? 'Running…' : 'Run reconcile'}
            </button>
          </RoleGate>
          {current && (
            <button type="button" onClick={() => cancel.mutate(current.id)} data-testid="reconcile-cancel">
              Cancel
            </button>
          )}
          {schedule && (
            <RoleGate call="reconcile.setSchedule" doing="schedule reconcile" inline>
              <label data-testid="reconcile-schedule">
                <input
                  type="checkbox"
                  checked={schedule.enabled}
                  onChange={(event) => reschedule.mutate({ ...schedule, enabled: event.target.checked })}
                />{' '}
                Every{' '}
                <input
                  type="number"
                  min={everyMinutes.minValue ?? undefined}
                  max={everyMinutes.maxValue ?? undefined}
                  value={schedule.everyMinutes}
                  onChange={(event) => {
                    // A number typed half-way (empty, past the bounds) is not saved: the schedule's own schema says which.
                    const typed = everyMinutes.safeParse(Number(event.target.value));
                    if (typed.success) reschedule.mutate({ ...schedule, everyMinutes: typed.data });
                  }}
                  className="reconcile-minutes"
                />{' '}
                minutes
              </label>
            </RoleGate>
          )}
        </div>
        <CallErrorMessage error={actionError ?? state.loadError} />
        {current && (
          <div className="reconcile-progress" data-testid="reconcile-progress">
            <ListProgressLine label="/api/payout-orders" progress={current.progress.payoutOrders} />
            <ListProgressLine label="/api/payouts" progress={current.progress.payouts} />
            <p className="muted">Read within {current.requestsPerSecond} requests a second, the client's limit on the service's API.</p>
          </div>
        )}
      </header>

      {run === null ? (
        !current && <p className="muted" data-testid="reconcile-empty">No reconcile run has finished yet. Run one to compare the API with the webhooks.</p>
      ) : (
        <>
          <p className="reconcile-run-line muted" data-testid="reconcile-run-line">
            Run of {formatFullTime(run.startedAt)} ({run.trigger}){run.since ? `, payouts changed since ${formatFullTime(run.since)}` : ''}: {run.progress.payouts.items} payouts read from{' '}
            {run.service ?? 'the API'}; retry window {Math.round(run.retryWindowMs / 1000)} s.
            {run.state !== 'done' && <span className="error-text"> {run.state}: {run.error}</span>}
          </p>
          {run.changes && (
            <p className="reconcile-changes" data-testid="reconcile-changes">
              Since the run of {formatFullTime(run.changes.previousStartedAt)}: {run.changes.changedCount} changed
              {run.changes.changed.slice(0, 5).map((c) => ` · ${c.id.replace(/^payout:/, '').slice(0, 8)}: ${c.from ?? 'new'} → ${c.to ?? 'gone'}`)}
            </p>
          )}
          <div className="reconcile-counts" role="group" aria-label="Classes">
            <button type="button" className={klass === null ? 'active' : ''} onClick={() => navigate({ view: 'reconcile', runId, klass: null }, 'replace')} data-testid="reconcile-count-all">
              All <strong>{run.rows.length}</strong>
            </button>
            {reconcileClasses.map((c) => (
              <button
                type="button"
                key={c}
                className={`class-${c}${klass === c ? ' active' : ''}`}
                title={classWords[c].help}
                onClick={() => navigate({ view: 'reconcile', runId, klass: c }, 'replace')}
                data-testid={`reconcile-count-${c}`}
                data-count={run.counts[c]}
              >
                {classWords[c].label} <strong>{run.counts[c]}</strong>
              </button>
            ))}
            {run.beyondRetryWindow > 0 && (
              <span className="warn" data-testid="reconcile-beyond">
                {run.beyondRetryWindow} beyond the retry window
              </span>
            )}
          </div>
          <table className="reconcile-table" data-testid="reconcile-table">
            <thead>
              <tr>
                <th>Class</th>
                <th>Payout</th>
                <th>API</th>
                <th>Heard</th>
                <th>What and why</th>
                <th>Links</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <ReconcileRowView key={row.id} row={row} />
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="muted">No payout in this class.</p>}
          {run.unmatched.length > 0 && (
            <details className="reconcile-unmatched" data-testid="reconcile-unmatched">
              <summary>Could not match {run.unmatched.length}</summary>
              <ul>
                {run.unmatched.slice(0, 200).map((u, i) => (
                  <li key={i}>
                    <code>{u.id ?? u.what}</code>: {u.why}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}

function ReconcileRowView({ row }: { row: ReconcileRow }) {
  const p = row.payout;
  return (
    <tr data-testid="reconcile-row" data-class={row.class} data-id={row.id}>
      <td>
        <span className={`reconcile-class class-${row.class}`}>{classWords[row.class].label}</span>
      </td>
      <td>
        {p ? (
          <>
            <code title={p.uuid ?? ''}>{(p.uuid ?? '?').slice(0, 8)}</code>
            <div className="muted">{p.recipientEmail ?? p.recipientUuid ?? ''}</div>
          </>
        ) : (
          <code>{row.lifecycleKeys[0]}</code>
        )}
      </td>
      <td>{p ? (p.status ?? '—') : <span className="muted">not listed</span>}</td>
      <td>{row.heard.accepted > 0 ? row.heard.status : <span className="muted">nothing</span>}</td>
      <td className="reconcile-what">
        <div>{row.summary}</div>
        {row.missingEvents.length > 0 && (
          <div data-testid="reconcile-missing">
            Missing: <code>{row.missingEvents.join(', ')}</code>
          </div>
        )}
        {row.retry && (
          <div className={`reconcile-retry retry-${row.retry.state}`} data-testid="reconcile-retry" data-state={row.retry.state}>
            {retryWords[row.retry.state]}: {row.retry.text}
          </div>
        )}
        {row.reasons.length > 0 && (
          <ul className="reconcile-reasons">
            {row.reasons.map((reason, i) => (
              <li key={i} data-testid="reconcile-reason" data-kind={reason.kind}>
                <strong>{reasonWords[reason.kind]}</strong>: {reason.text}
              </li>
            ))}
          </ul>
        )}
        {row.signatures && (
          <div data-testid="reconcile-signatures">
            Signatures:{' '}
            {Object.entries(row.signatures)
              .map(([verdict, n]) => `${n} ${verdict}`)
              .join(', ')}
          </div>
        )}
        {row.notes.map((note, i) => (
          <div key={i} className="muted">
            {note}
          </div>
        ))}
      </td>
      <td>
        <div className="reconcile-links">
        {row.lifecycleKeys.slice(0, 3).map((key) => (
          <RouteLink key={key} to={{ view: 'lifecycles', key, filter: {} }} testId="reconcile-lifecycle-link">
            Lifecycle
          </RouteLink>
        ))}
        {row.deliveryIds.length > 0 && (
          <RouteLink to={{ view: 'deliveries', deliveryId: row.deliveryIds[0]!, filter: row.orderUuid ? { text: row.orderUuid } : {} }} testId="reconcile-deliveries-link">
            Deliveries ({row.deliveryIds.length})
          </RouteLink>
        )}
        {p && (
          <RouteLink to={{ view: 'api', endpoint: '/api/payouts', campaignId: null, page: p.page, limit: 20, form: false }} testId="reconcile-api-link" title={`Page ${p.page} of /api/payouts, item ${p.index + 1}`}>
            API record
          </RouteLink>
        )}
        </div>
      </td>
    </tr>
  );
}
