import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import type { CallInput, CoreStatus } from '../../../../shared/contract';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { DraftActions } from '../../components/form/DraftActions';
import { dropEdits, keepEdits } from '../../components/form/reset-options';
import { firstProblem } from '../../components/form/field-problems';
import { SecretField, TextField } from '../../components/form/fields';
import { FormProblem } from '../../components/form/FormProblems';
import { serviceFields, serviceFieldsOf, serviceProblems, type ServiceFields } from './service-fields';

type ServiceInput = CallInput<'settings.setService'>;

interface ServiceSettingsProps {
  service: CoreStatus['service'];
  onApplied: (status: CoreStatus) => void;
}

/** Which payout service the inspector talks to: the embedded simulator, or a real one with its API token. */
export function ServiceSettings({ service, onApplied }: ServiceSettingsProps) {
  const form = useForm<ServiceFields, unknown, ServiceInput>({
    resolver: zodResolver(serviceFields(service.apiTokenSet)),
    values: serviceFieldsOf(service),
    resetOptions: keepEdits,
  });
  const apply = useMutation({
    mutationFn: (input: ServiceInput) => call('settings.setService', input),
    onSuccess: (status) => {
      onApplied(status);
      form.reset(serviceFieldsOf(status.service), dropEdits);
    },
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const done =
    apply.data &&
    (apply.data.service.mode === 'simulator'
      ? 'Using the embedded simulator.'
      : `Using the service${apply.data.service.baseUrl ? ` at ${apply.data.service.baseUrl}` : ''}; the simulator is stopped.`);

  return (
    <section className="settings-card" aria-labelledby="settings-service-title">
      <h2 id="settings-service-title">Service</h2>
      <p className="muted">
        The payout service the inspector talks to. With a real service the embedded simulator stops: its API, its webhooks and its signing secret.
      </p>
      <form
        className="settings-grid"
        noValidate
        onSubmit={form.handleSubmit((input) => apply.mutate(input))}
        onChange={() => {
          apply.reset();
          form.clearErrors();
        }}
      >
        <label className="field">
          <span>Mode</span>
          <select data-testid="settings-service-mode" {...form.register('mode')}>
            <option value="simulator">embedded simulator</option>
            <option value="service">a real service</option>
          </select>
        </label>
        {mode === 'service' && (
          <>
            <TextField
              className="wide-field"
              type="url"
              label="Base URL"
              testId="settings-service-url"
              placeholder="https://api.example.com"
              registered={form.register('baseUrl')}
            />
            <SecretField
              className="wide-field"
              label={
                <>
                  API token{' '}
                  {service.apiTokenSet && (
                    <span className="ok-text" data-testid="settings-service-token-set">
                      token set
                    </span>
                  )}
                </>
              }
              testId="settings-service-token"
              placeholder={service.apiTokenSet ? 'leave empty to keep the token set' : 'X-Api-Token'}
              registered={form.register('apiToken')}
            />
          </>
        )}
        <DraftActions
          submitLabel="Apply"
          submitTestId="settings-service-apply"
          dirty={form.formState.isDirty}
          busy={apply.isPending}
          onReset={() => form.reset(serviceFieldsOf(service), dropEdits)}
        >
          <span className="muted" data-testid="settings-service-now">
            Now: {describeService(service)}
          </span>
        </DraftActions>
      </form>
      <FormProblem problem={firstProblem(form.formState.errors, serviceProblems)} testId="settings-service-problem" />
      <ActionOutcome error={apply.error} done={done ?? null} testId="settings-service" />
    </section>
  );
}

function describeService(service: CoreStatus['service']): string {
  const where = service.baseUrl ? ` at ${service.baseUrl}` : '';
  return service.mode === 'simulator' ? `the embedded simulator${where}` : `a real service${where}`;
}
