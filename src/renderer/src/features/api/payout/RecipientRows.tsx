import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import type { PayoutOrderRequest } from '../../../../../shared/service-api';
import { scenarioWords } from '../../simulator/simulator-words';
import { newRecipient, scenariosByPayoutType, type PayoutFields } from './payout-fields';

interface RecipientRowsProps {
  form: UseFormReturn<PayoutFields, unknown, PayoutOrderRequest>;
  payoutType: string | null;
  walletCurrency: string;
  /** Currencies the campaign's catalog offers (crypto), for suggestions. */
  currencies: readonly string[];
}

const maxRecipients = 100;

/** Recipients as editable rows: email, name, amount, and optionally the currency and the simulator's scenario. */
export function RecipientRows({ form, payoutType, walletCurrency, currencies }: RecipientRowsProps) {
  const { register, setValue } = form;
  const recipients = useFieldArray({ control: form.control, name: 'recipients' });
  const scenarios = payoutType ? (scenariosByPayoutType[payoutType] ?? []) : Object.values(scenariosByPayoutType).flat();
  const giftCards = payoutType === 'gift_cards';
  return (
    <fieldset className="payout-recipients">
      <legend>Recipients</legend>
      <datalist id="payout-currencies">
        {currencies.map((currency) => (
          <option key={currency} value={currency} />
        ))}
      </datalist>
      {recipients.fields.map((recipient, index) => (
        <div key={recipient.id} className="payout-recipient" data-testid="payout-recipient-row" data-index={index}>
          <span className="payout-recipient-number muted">{index + 1}</span>
          <label className="field recipient-email-field">
            <span>Email</span>
            <input type="email" data-testid="payout-recipient-email" required {...register(`recipients.${index}.email`)} />
          </label>
          <label className="field recipient-name-field">
            <span>Name</span>
            <input type="text" data-testid="payout-recipient-name" required {...register(`recipients.${index}.name`)} />
          </label>
          <label className="field recipient-amount-field">
            <span>Amount{walletCurrency ? ` (${walletCurrency})` : ''}</span>
            <input type="text" inputMode="decimal" className="mono" data-testid="payout-recipient-amount" placeholder="25.00" {...register(`recipients.${index}.amount`)} />
          </label>
          <label className="field recipient-currency-field" title={giftCards ? 'Gift cards are paid in the wallet currency' : 'What the recipient is paid in (optional)'}>
            <span>Currency</span>
            <input
              type="text"
              className="mono"
              list="payout-currencies"
              data-testid="payout-recipient-currency"
              disabled={giftCards}
              placeholder={giftCards ? walletCurrency || 'wallet' : 'optional'}
              {...register(`recipients.${index}.currency`, {
                onChange: (event: { target: { value: string } }) => setValue(`recipients.${index}.currency`, event.target.value.toUpperCase()),
              })}
            />
          </label>
          <label className="field recipient-scenario-field" title="The simulator's scenario for this recipient (optional; otherwise drawn from its seed)">
            <span>Scenario</span>
            <select data-testid="payout-recipient-scenario" {...register(`recipients.${index}.scenario`)}>
              <option value="">any (drawn)</option>
              {scenarios.map((scenario) => (
                <option key={scenario} value={scenario}>
                  {scenarioWords(scenario)}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="icon-button payout-recipient-remove"
            aria-label={`Remove recipient ${index + 1}`}
            title="Remove this recipient"
            disabled={recipients.fields.length === 1}
            onClick={() => recipients.remove(index)}
          >
            ×
          </button>
        </div>
      ))}
      <button type="button" data-testid="payout-add-recipient" disabled={recipients.fields.length >= maxRecipients} onClick={() => recipients.append(newRecipient())}>
        + Add recipient
      </button>
    </fieldset>
  );
}
