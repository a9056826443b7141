import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { CallInput, CoreStatus } from '../../../../shared/contract';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { CheckboxField, NumberField } from '../../components/form/fields';
import { DraftActions } from '../../components/form/DraftActions';
import { dropEdits, keepEdits } from '../../components/form/reset-options';
import { FormProblem } from '../../components/form/FormProblems';
import { PortFields, portFieldsOf, portProblem } from './port-fields';

interface PortSettingsProps {
  ports: CoreStatus['ports'];
  onApplied: (status: CoreStatus) => void;
}

/** Receiver ports. Applying restarts the listeners, so the receiver URL in the top bar changes with them. */
export function PortSettings({ ports, onApplied }: PortSettingsProps) {
  const form = useForm<PortFields, unknown, CallInput<'settings.setPorts'>>({
    resolver: zodResolver(PortFields),
    values: portFieldsOf(ports),
    resetOptions: keepEdits,
  });
  const apply = useMutation({
    mutationFn: (next: CallInput<'settings.setPorts'>) => call('settings.setPorts', next),
    onSuccess: (status) => {
      onApplied(status);
      form.reset(portFieldsOf(status.ports), dropEdits);
    },
  });
  const httpEnabled = useWatch({ control: form.control, name: 'httpEnabled' });
  const listening = apply.data?.ports;

  return (
    <section className="settings-card" aria-labelledby="settings-ports-title">
      <h2 id="settings-ports-title">Receiver ports</h2>
      <p className="muted">
        The HTTPS receiver uses the inspector&apos;s own certificate. A plain-HTTP receiver is for a tunnel that terminates TLS in front of it.
        0 picks a free port.
      </p>
      <form className="settings-grid" noValidate onSubmit={form.handleSubmit((next) => apply.mutate(next))} onChange={() => apply.reset()}>
        <NumberField label="HTTPS port" hint="" testId="settings-ports-https" registered={form.register('https')} />
        <CheckboxField testId="settings-ports-http-enabled" registered={form.register('httpEnabled')} label="Also listen on plain HTTP" />
        {httpEnabled && <NumberField label="HTTP port" hint="" testId="settings-ports-http" registered={form.register('http')} />}
        <DraftActions
          submitLabel="Apply"
          submitTestId="settings-ports-apply"
          dirty={form.formState.isDirty}
          busy={apply.isPending}
          onReset={() => form.reset(portFieldsOf(ports), dropEdits)}
        />
      </form>
      <FormProblem problem={Object.keys(form.formState.errors).length > 0 ? portProblem : null} />
      <ActionOutcome
        error={apply.error}
        done={listening ? `Listening on HTTPS ${listening.https}${listening.http === null ? '' : ` and HTTP ${listening.http}`}.` : null}
        testId="settings-ports"
      />
    </section>
  );
}
