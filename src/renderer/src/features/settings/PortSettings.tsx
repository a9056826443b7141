import { useState } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import { call } from '../../api/client';
import { ActionOutcome } from '../../components/ActionOutcome';
import { useCallAction } from '../../hooks/useCallAction';
import { CheckboxField, NumberField } from '../../components/form/fields';
import { DraftActions } from '../../components/form/DraftActions';
import { FormProblem } from '../../components/form/FormProblems';

interface PortDraft {
  https: string;
  httpEnabled: boolean;
  http: string;
}

interface PortSettingsProps {
  ports: CoreStatus['ports'];
  onApplied: (status: CoreStatus) => void;
}

/** Receiver ports. Applying restarts the listeners, so the receiver URL in the top bar changes with them. */
export function PortSettings({ ports, onApplied }: PortSettingsProps) {
  const [draft, setDraft] = useState<PortDraft | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown: PortDraft = draft ?? { https: String(ports.https), httpEnabled: ports.http !== null, http: ports.http === null ? '' : String(ports.http) };

  const apply = useCallAction(async (https: number, http: number | null) => {
    const status = await call('settings.setPorts', { https, http });
    onApplied(status);
    setDraft(null);
    return `Listening on HTTPS ${status.ports.https}${status.ports.http === null ? '' : ` and HTTP ${status.ports.http}`}.`;
  });

  const edit = (change: Partial<PortDraft>) => {
    apply.clear();
    setProblem(null);
    setDraft({ ...shown, ...change });
  };

  const submit = () => {
    const https = parsePort(shown.https);
    const http = shown.httpEnabled ? parsePort(shown.http) : null;
    if (https === undefined || http === undefined) {
      setProblem('A port is a whole number from 0 to 65535 (0 picks a free one).');
      return;
    }
    void apply.run(https, http);
  };

  return (
    <section className="settings-card" aria-labelledby="settings-ports-title">
      <h2 id="settings-ports-title">Receiver ports</h2>
      <p className="muted">
        The HTTPS receiver uses the inspector&apos;s own certificate. A plain-HTTP receiver is for a tunnel that terminates TLS in front of it.
        0 picks a free port.
      </p>
      <form
        className="settings-grid"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <NumberField label="HTTPS port" hint="" testId="settings-ports-https" value={shown.https} onChange={(https) => edit({ https })} />
        <CheckboxField testId="settings-ports-http-enabled" checked={shown.httpEnabled} onChange={(httpEnabled) => edit({ httpEnabled })} label="Also listen on plain HTTP" />
        {shown.httpEnabled && <NumberField label="HTTP port" hint="" testId="settings-ports-http" value={shown.http} onChange={(http) => edit({ http })} />}
        <DraftActions
          submitLabel="Apply"
          submitTestId="settings-ports-apply"
          dirty={draft !== null}
          busy={apply.busy}
          onReset={() => {
            setDraft(null);
            setProblem(null);
          }}
        />
      </form>
      <FormProblem problem={problem} />
      <ActionOutcome error={apply.error} done={apply.done} testId="settings-ports" />
    </section>
  );
}

function parsePort(text: string): number | undefined {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 && value <= 65_535 ? value : undefined;
}
