import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CallInput, CoreStatus } from '../../../../shared/contract';
import { call } from '../../api/client';
import { useCall } from '../../api/queries';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { ListDetailLayout } from '../../components/list-detail/ListDetailLayout';
import { RoleGate } from '../../components/RoleGate';
import { SecretFingerprint } from '../../components/SecretFingerprint';
import { firstProblem } from '../../components/form/field-problems';
import { FormProblem } from '../../components/form/FormProblems';
import { CheckboxField, SecretField, TextField } from '../../components/form/fields';
import { useListKeyboard } from '../../hooks/useListKeyboard';
import { useNavigate } from '../../hooks/useNavigate';
import { useSession } from '../../hooks/useSession';
import { routes } from '../../lib/links';
import { CheckCaseDetail } from './CheckCaseDetail';
import { CheckFields, checkProblems } from './check-fields';
import { CheckResultList } from './CheckResultList';
import { CheckRunFacts } from './CheckRunFacts';
import { groupedResults, verdictsThen } from './check-run-merge';
import { StoredDeliveriesField } from './StoredDeliveriesField';
import { showKept, showStarted, useCheckRuns } from './useCheckRuns';

const lastTargetKey = 'check.target';

interface CheckViewProps {
  status: CoreStatus | null;
  /** Stored deliveries the next run also sends (the route holds them: a delivery's "Check my handler" opens Check with it). */
  deliveryIds: number[];
  onOpenSettings: () => void;
}

/** The handler check, as `webhook-inspector check` runs it: the battery against the user's endpoint, graded live. */
export function CheckView({ status, deliveryIds, onOpenSettings }: CheckViewProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const runs = useCheckRuns();
  const { run } = runs;
  const form = useForm<CheckFields, unknown, CallInput<'check.start'>>({
    resolver: zodResolver(CheckFields),
    // On a team server a run signs with the secret the user's handler verifies with; the team's signs an admin's run only.
    defaultValues: { url: localStorage.getItem(lastTargetKey) ?? '', allowSelfSigned: false, secret: '' },
  });
  const [url, handlerSecret] = useWatch({ control: form.control, name: ['url', 'secret'] });
  const session = useSession();
  const team = session?.team === true;
  const teamSecretAllowed = !team || session?.role === 'admin';
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [compareId, setCompareId] = useState<string>('');
  const listRef = useRef<HTMLDivElement | null>(null);
  const detailRef = useRef<HTMLElement | null>(null);

  const keep = useMutation({
    mutationFn: (runId: string) => call('check.keep', { runId }),
    onSuccess: (summary) => showKept(queryClient, summary),
  });
  const start = useMutation({
    mutationFn: (input: CallInput<'check.start'>) => call('check.start', { ...input, deliveryIds }),
    onSuccess: (started, input) => {
      localStorage.setItem(lastTargetKey, input.url);
      setSelectedId(null);
      keep.reset();
      showStarted(queryClient, started);
    },
  });

  const comparedCall = useCall('check.get', compareId === '' ? null : { runId: compareId });
  const compared = comparedCall.phase === 'ready' ? comparedCall.value : null;

  const groups = groupedResults(run?.results ?? []);
  const ordered = groups.flatMap((group) => group.results.map((r) => r.id));
  const onKeyDown = useListKeyboard({ keys: ordered, selectedKey: selectedId, select: setSelectedId, listRef, detailRef, rowHeight: 32 });
  const selected = run?.results.find((r) => r.id === selectedId) ?? null;
  const comparedRun = compared && compared.id !== run?.id ? compared : null;
  const then = verdictsThen(comparedRun);
  const secret = status?.secret ?? null;
  const signable = (team && handlerSecret !== '') || (teamSecretAllowed && secret?.set === true);
  const comparable = runs.kept.filter((k) => k.id !== run?.id);

  const detail =
    run && selected ? (
      <CheckCaseDetail
        runId={run.id}
        result={selected}
        then={then.get(selected.id) ?? null}
        compared={
          comparedRun && {
            label: `the kept run of ${new Date(comparedRun.startedAt).toLocaleString()}`,
            result: comparedRun.results.find((r) => r.id === selected.id) ?? null,
          }
        }
        running={run.state === 'running'}
        paneRef={detailRef}
        onClose={() => {
          setSelectedId(null);
          listRef.current?.focus();
        }}
      />
    ) : null;

  return (
    <ListDetailLayout testId="check-view" detail={detail}>
      <form
        className="check-form"
        aria-label="Check a handler"
        noValidate
        onSubmit={form.handleSubmit((input) => start.mutate(input))}
        onChange={() => start.reset()}
      >
        <p className="muted check-intro">
          Sends your handler the service&apos;s traffic (every event of every form), forgeries, unknown events, repeated and out-of-order copies and
          awkward payloads, exactly as the service would, and grades each answer against the spec. The same run as <code>webhook-inspector check</code>.
        </p>
        <TextField label="Your handler" testId="check-target" registered={form.register('url')} placeholder="http://localhost:3000/webhooks" type="url" />
        {team && (
          <SecretField
            label={teamSecretAllowed ? "Your handler's secret (empty: the team's signing secret)" : "Your handler's secret"}
            testId="check-handler-secret"
            registered={form.register('secret')}
            placeholder="the secret your handler verifies with"
          />
        )}
        {team && !teamSecretAllowed && (
          <p className="muted" data-testid="check-handler-secret-why">
            The cases are signed with it: on a team server the team&apos;s signing secret signs an admin&apos;s run only, so that no one else reads a signature
            made with it.
          </p>
        )}
        {teamSecretAllowed && (
          <div className="field">
            <span>Signing secret in force</span>
            {secret === null ? (
              <span className="muted">…</span>
            ) : secret.set && secret.fingerprint ? (
              <SecretFingerprint fingerprint={secret.fingerprint} testId="check-secret-fingerprint" />
            ) : (
              <span className="warn-text" data-testid="check-no-secret">
                None is set: the cases are signed with the secret your handler verifies with.{' '}
                <button type="button" className="link-button" onClick={onOpenSettings}>
                  Set it in Settings → Signing secret
                </button>{' '}
                (or start with <code>serve --secret</code>).
              </span>
            )}
          </div>
        )}
        <StoredDeliveriesField deliveryIds={deliveryIds} onChange={(ids) => navigate(routes.checkWithDeliveries(ids))} />
        <CheckboxField testId="check-allow-self-signed" registered={form.register('allowSelfSigned')} label="Allow a self-signed certificate" />
        <div className="replay-actions">
          <RoleGate call="check.start" doing="run the handler check" inline>
            <button
              type="submit"
              className="primary"
              data-testid="check-start"
              disabled={start.isPending || run?.state === 'running' || url.trim() === '' || !signable}
            >
              {run?.state === 'running' ? 'Running…' : 'Run'}
            </button>
          </RoleGate>
        </div>
        <FormProblem problem={firstProblem(form.formState.errors, checkProblems)} testId="check-problem" />
        <CallErrorMessage error={start.error} testId="check-start-error" />
        <CallErrorMessage error={runs.loadError} testId="check-load-error" />
      </form>
      {run && (
        <>
          <CheckRunFacts run={run} />
          <div className="check-run-actions">
            <RoleGate call="check.keep" doing="keep a run" inline>
              <button type="button" data-testid="check-keep" disabled={run.state === 'running' || keep.isPending} onClick={() => keep.mutate(run.id)}>
                {run.keptAt ? 'Keep again (as it is now)' : 'Keep this run'}
              </button>
            </RoleGate>
            {keep.isSuccess && (
              <span className="ok-text" role="status" data-testid="check-kept">
                Kept: pick it later to compare a run with it.
              </span>
            )}
            <label className="field check-compare">
              <span>Compare with</span>
              <select data-testid="check-compare" value={compareId} onChange={(event) => setCompareId(event.target.value)}>
                <option value="">no kept run</option>
                {comparable.map((k) => (
                  <option key={k.id} value={k.id}>
                    {new Date(k.startedAt).toLocaleString()} · {k.target} · {k.counts.pass ?? 0} passed
                  </option>
                ))}
              </select>
            </label>
          </div>
          <CallErrorMessage error={keep.error} testId="check-keep-error" />
          <CheckResultList groups={groups} causes={run.causes} then={then} selectedId={selectedId} onSelect={setSelectedId} onKeyDown={onKeyDown} listRef={listRef} />
        </>
      )}
      {!run && !runs.loadError && <p className="list-message muted" data-testid="check-empty">No run yet: give your handler&apos;s URL and press Run.</p>}
    </ListDetailLayout>
  );
}
