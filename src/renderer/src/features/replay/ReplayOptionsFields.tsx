import type { HeaderChoice, ReplayDraft, SigningChoice } from './replay-draft';
import { headerChoiceWords, signingList, signingOptionWords } from './replay-words';
import { CheckboxField, SecretField, TextField } from '../../components/form/fields';

interface ReplayOptionsFieldsProps {
  draft: ReplayDraft;
  onChange: (change: Partial<ReplayDraft>) => void;
}

/** Where to send and how to sign: the fields a single replay and a "replay many" share. */
export function ReplayOptionsFields({ draft, onChange }: ReplayOptionsFieldsProps) {
  return (
    <>
      <TextField
        className="replay-url-field"
        type="url"
        label="Target URL"
        testId="replay-url"
        autoComplete="off"
        placeholder="http://localhost:3000/webhooks"
        value={draft.url}
        onChange={(url) => onChange({ url })}
      />
      <label className="field">
        <span>Signing</span>
        <select data-testid="replay-signing" value={draft.signing} onChange={(event) => onChange({ signing: event.target.value as SigningChoice })}>
          {signingList.map((mode) => (
            <option key={mode} value={mode}>
              {signingOptionWords[mode]}
            </option>
          ))}
        </select>
      </label>
      {draft.signing === 'resign' && (
        <SecretField
          label={
            <>
              Secret <span className="muted">not stored</span>
            </>
          }
          testId="replay-secret"
          placeholder="your handler's secret"
          value={draft.secret}
          onChange={(secret) => onChange({ secret })}
        />
      )}
      <HeaderChoiceField
        label="X-Service-Delivery"
        testId="replay-delivery-header"
        value={draft.deliveryHeader}
        regenerateWords="a new UUID"
        onChange={(deliveryHeader) => onChange({ deliveryHeader })}
      />
      <HeaderChoiceField
        label="X-Service-Timestamp"
        testId="replay-timestamp-header"
        value={draft.timestampHeader}
        regenerateWords="the time of sending"
        onChange={(timestampHeader) => onChange({ timestampHeader })}
      />
      <CheckboxField
        testId="replay-allow-self-signed"
        checked={draft.allowSelfSigned}
        onChange={(allowSelfSigned) => onChange({ allowSelfSigned })}
        label="Allow a self-signed certificate for this target"
      />
    </>
  );
}

interface HeaderChoiceFieldProps {
  label: string;
  testId: string;
  value: HeaderChoice;
  regenerateWords: string;
  onChange: (value: HeaderChoice) => void;
}

function HeaderChoiceField({ label, testId, value, regenerateWords, onChange }: HeaderChoiceFieldProps) {
  return (
    <label className="field">
      <span className="mono">{label}</span>
      <select data-testid={testId} value={value} onChange={(event) => onChange(event.target.value as HeaderChoice)}>
        <option value="keep">{headerChoiceWords.keep}</option>
        <option value="regenerate">
          {headerChoiceWords.regenerate}: {regenerateWords}
        </option>
      </select>
    </label>
  );
}
