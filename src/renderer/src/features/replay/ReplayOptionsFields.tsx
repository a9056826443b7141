import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CheckboxField, SecretField, TextField } from '../../components/form/fields';
import type { OptionFields } from './replay-fields';
import { selfSignedAccepted } from './replay-target';
import { headerChoiceWords, signingList, signingOptionWords } from './replay-words';

/** Where to send and how to sign: the fields a single replay and a "replay many" share, of either's form. */
export function ReplayOptionsFields({ form }: { form: UseFormReturn<OptionFields> }) {
  const signing = useWatch({ control: form.control, name: 'signing' });
  // A new target picks up whether its certificate was accepted before.
  const url = form.register('url', { onChange: (event: { target: { value: string } }) => form.setValue('allowSelfSigned', selfSignedAccepted(event.target.value)) });
  return (
    <>
      <TextField className="replay-url-field" type="url" label="Target URL" testId="replay-url" autoComplete="off" placeholder="http://localhost:3000/webhooks" registered={url} />
      <label className="field">
        <span>Signing</span>
        <select data-testid="replay-signing" {...form.register('signing')}>
          {signingList.map((mode) => (
            <option key={mode} value={mode}>
              {signingOptionWords[mode]}
            </option>
          ))}
        </select>
      </label>
      {signing === 'resign' && (
        <SecretField
          label={
            <>
              Secret <span className="muted">not stored</span>
            </>
          }
          testId="replay-secret"
          placeholder="your handler's secret"
          registered={form.register('secret')}
        />
      )}
      <HeaderChoiceField label="X-Service-Delivery" testId="replay-delivery-header" regenerateWords="a new UUID" form={form} name="deliveryHeader" />
      <HeaderChoiceField label="X-Service-Timestamp" testId="replay-timestamp-header" regenerateWords="the time of sending" form={form} name="timestampHeader" />
      <CheckboxField testId="replay-allow-self-signed" registered={form.register('allowSelfSigned')} label="Allow a self-signed certificate for this target" />
    </>
  );
}

interface HeaderChoiceFieldProps {
  label: string;
  testId: string;
  regenerateWords: string;
  form: UseFormReturn<OptionFields>;
  name: 'deliveryHeader' | 'timestampHeader';
}

function HeaderChoiceField({ label, testId, regenerateWords, form, name }: HeaderChoiceFieldProps) {
  return (
    <label className="field">
      <span className="mono">{label}</span>
      <select data-testid={testId} {...form.register(name)}>
        <option value="keep">{headerChoiceWords.keep}</option>
        <option value="regenerate">
          {headerChoiceWords.regenerate}: {regenerateWords}
        </option>
      </select>
    </label>
  );
}
