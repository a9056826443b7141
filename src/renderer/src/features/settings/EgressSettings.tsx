import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { EgressRules, EgressStatus } from '../../../../shared/egress';
import { call, CallFailure } from '../../api/client';
import { callKey, useCall } from '../../api/queries';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { DraftActions } from '../../components/form/DraftActions';
import { dropEdits, keepEdits } from '../../components/form/reset-options';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { EgressFields, egressFieldsOf } from './egress-fields';

/** Egress: where replays, forwards, the service and a relay source may connect, and the targets an admin allows. */
export function EgressSettings() {
  const egress = useCall('egress.get', {});
  return (
    <section className="settings-card" aria-labelledby="settings-egress-title" data-testid="settings-egress">
      <h2 id="settings-egress-title">Egress</h2>
      {egress.phase === 'ready' ? (
        <EgressForm status={egress.value} />
      ) : egress.phase === 'error' ? (
        <CallErrorMessage error={egress.error} testId="egress-load-error" />
      ) : (
        <p className="muted">Loading…</p>
      )}
    </section>
  );
}

function EgressForm({ status }: { status: EgressStatus }) {
  const form = useForm<EgressFields, unknown, EgressRules>({
    resolver: zodResolver(EgressFields),
    values: egressFieldsOf(status.saved),
    resetOptions: keepEdits,
  });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (rules: EgressRules) => call('egress.set', rules),
    onSuccess: (saved) => {
      queryClient.setQueryData(callKey('egress.get', {}), saved);
      form.reset(egressFieldsOf(saved.saved), dropEdits);
    },
  });
  const done = save.data && (save.data.saved.length === 0 ? 'Saved: no allowed targets.' : `Saved: ${save.data.saved.length} allowed target(s).`);

  return (
    <>
      <p className="muted" data-testid="egress-policy">
        {status.restricted
          ? 'This team server refuses to connect, for a replay, a forward, the service or a relay source, to loopback, private, link-local, unspecified, multicast and reserved addresses (IPv4-mapped forms included) and to its own addresses, unless one of the targets below allows it. Each name is resolved once and the connection goes to the address checked.'
          : 'This inspector is yours alone: replays, forwards, the service and a relay source may connect to any address, localhost included. A forward to this inspector’s own receiver is always refused.'}
      </p>
      {status.commandLine.length > 0 && (
        <p data-testid="egress-command-line">
          Allowed for this run (serve --allow-target): <span className="mono">{status.commandLine.join(', ')}</span>
        </p>
      )}
      <form noValidate onSubmit={form.handleSubmit((rules) => save.mutate(rules))} onChange={() => save.reset()}>
        <label className="field">
          <span>Allowed targets, one per line: 10.0.0.0/8, 10.1.2.3, [::1], hooks.example.com, *.internal.example.com, localhost:3000, https://hooks.example.com</span>
          <textarea className="mono" rows={4} data-testid="egress-rules" {...form.register('rules')} />
        </label>
        <DraftActions
          submitLabel="Save"
          submitTestId="egress-save"
          dirty={form.formState.isDirty}
          busy={save.isPending}
          onReset={() => form.reset(egressFieldsOf(status.saved), dropEdits)}
        />
      </form>
      <FormProblems problems={fieldProblems(form.formState.errors, { rules: 'Allowed targets' })} testId="egress-problems" />
      {save.error instanceof CallFailure && save.error.status === 403 ? (
        <p className="call-error" role="alert" data-testid="egress-save-error">
          Only an admin changes the allowed targets.
        </p>
      ) : (
        <ActionOutcome error={save.error} done={done ?? null} testId="egress-save" />
      )}
    </>
  );
}
