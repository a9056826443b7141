import { scenarioWords } from '../../simulator/simulator-words';
import { newRecipient, scenariosByPayoutType, type RecipientDraft } from './payout-draft';

interface RecipientRowsProps {
  recipients: RecipientDraft[];
  payoutType: string | null;
  walletCurrency: string;
  /** Currencies the campaign's catalog offers (crypto), for suggestions. */
  currencies: readonly string[];
  onChange: (recipients: RecipientDraft[]) => void;
}

const maxRecipients = 100;

/** Recipients as editable rows: email, name, amount, and optionally the currency and the simulator's scenario. */
export function RecipientRows({ recipients, payoutType, walletCurrency, currencies, onChange }: RecipientRowsProps) {
  const scenarios = payoutType ? (scenariosByPayoutType[payoutType] ?? []) : Object.values(scenariosByPayoutType).flat();
  const giftCards = payoutType === 'gift_cards';
  const edit = (id: number, change: Partial<RecipientDraft>) => onChange(recipients.map((r) => (r.id === id ? { ...r, ...change } : r)));
  return (
    <fieldset className="payout-recipients">
      <legend>Recipients</legend>
      <datalist id="payout-currencies">
        {currencies.map((currency) => (
          <option key={currency} value={currency} />
        ))}
      </datalist>
      {recipients.map((recipient, index) => (
        <div key={recipient.id} className="payout-recipient" data-testid="payout-recipient-row" data-index={index}>
          <span className="payout-recipient-number muted">{index + 1}</span>
          <label className="field recipient-email-field">
            <span>Email</span>
            <input type="email" data-testid="payout-recipient-email" required value={recipient.email} onChange={(e) => edit(recipient.id, { email: e.target.value })} />
          </label>
          <label className="field recipient-name-field">
            <span>Name</span>
            <input type="text" data-testid="payout-recipient-name" required value={recipient.name} onChange={(e) => edit(recipient.id, { name: e.target.value })} />
          </label>
          <label className="field recipient-amount-field">
            <span>Amount{walletCurrency ? ` (${walletCurrency})` : ''}</span>
            <input
              type="text"
              inputMode="decimal"
              className="mono"
              data-testid="payout-recipient-amount"
              placeholder="25.00"
              value={recipient.amount}
              onChange={(e) => edit(recipient.id, { amount: e.target.value })}
            />
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
              value={recipient.currency}
              onChange={(e) => edit(recipient.id, { currency: e.target.value.toUpperCase() })}
            />
          </label>
          <label className="field recipient-scenario-field" title="The simulator's scenario for this recipient (optional; otherwise drawn from its seed)">
            <span>Scenario</span>
            <select data-testid="payout-recipient-scenario" value={recipient.scenario} onChange={(e) => edit(recipient.id, { scenario: e.target.value })}>
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
            disabled={recipients.length === 1}
            onClick={() => onChange(recipients.filter((r) => r.id !== recipient.id))}
          >
            ×
          </button>
        </div>
      ))}
      <button
        type="button"
        data-testid="payout-add-recipient"
        disabled={recipients.length >= maxRecipients}
        onClick={() => onChange([...recipients, newRecipient()])}
      >
        + Add recipient
      </button>
    </fieldset>
  );
}
