import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import type { PayoutOrderRequest } from '../../../../../shared/service-api';
import { call } from '../../../api/client';
import { CallErrorMessage } from '../../../components/CallErrorMessage';
import { FormProblem } from '../../../components/form/FormProblems';
import { DetailHeader } from '../../../components/list-detail/DetailHeader';
import { RoleGate } from '../../../components/RoleGate';
import { CampaignSelect } from '../CampaignSelect';
import type { Campaigns } from '../useCampaigns';
import { HttpsUrl, payoutDefaults, payoutFields, payoutProblems, type PayoutFields } from './payout-fields';
import { PayoutResponse } from './PayoutResponse';
import { RecipientRows } from './RecipientRows';
import { savedPayoutForm, savePayoutForm } from './saved-form';
import { useCatalogCurrencies } from './useCatalogCurrencies';

interface PayoutOrderFormProps {
  campaigns: Campaigns;
  receiverHttps: string | null;
  onCreated: (orderUuid: string) => void;
  onClose: () => void;
}

/** POST /api/payout-orders: campaign, wallet currency, recipients and an HTTPS callback URL, checked before sending. */
export function PayoutOrderForm({ campaigns, receiverHttps, onCreated, onClose }: PayoutOrderFormProps) {
  const [saved] = useState(savedPayoutForm);
  const list = campaigns.state.phase === 'ready' ? campaigns.state.campaigns : [];
  const form = useForm<PayoutFields, unknown, PayoutOrderRequest>({
    defaultValues: saved.fields,
    // The null fields stand for defaults that follow the campaigns and the receiver: checked with those of the moment.
    resolver: (values, context, options) => zodResolver(payoutFields(payoutDefaults(values, list, receiverHttps).defaults))(values, context, options),
  });
  const fields = useWatch({ control: form.control }) as PayoutFields;
  const { campaign, defaults } = payoutDefaults(fields, list, receiverHttps);
  const schema = payoutFields(defaults);

  const send = useMutation({
    mutationFn: (request: PayoutOrderRequest) => call('api.createPayoutOrder', request),
    onSuccess: (answer) => {
      if (answer.orderUuid) onCreated(answer.orderUuid);
    },
  });
  const answer = send.isIdle ? saved.answer : (send.data ?? null);
  useEffect(() => savePayoutForm({ fields, answer }), [fields, answer]);

  const campaignField = useController({ control: form.control, name: 'campaignId' });
  const currencyField = useController({ control: form.control, name: 'walletCurrency' });
  const callbackField = useController({ control: form.control, name: 'callbackUrl' });
  const walletCurrency = fields.walletCurrency ?? defaults.walletCurrency;
  const callbackUrl = fields.callbackUrl ?? defaults.callbackUrl;
  const callbackProblem = callbackUrl.trim() === '' ? null : payoutProblems(HttpsUrl.safeParse(callbackUrl.trim()))[0] ?? null;
  const currencies = useCatalogCurrencies(campaign);
  // Said once a send was refused, of the form as it is now.
  const problems = Object.keys(form.formState.errors).length > 0 ? payoutProblems(schema.safeParse(fields)) : [];

  return (
    <aside className="api-form-pane" aria-label="Create a payout order">
      <DetailHeader onClose={onClose} closeLabel="Close the form">
        <h2>
          <span className="muted">POST</span> <span className="mono">/api/payout-orders</span>
        </h2>
        <p className="muted payout-hint">A payout order of the service in use; its webhooks go to the callback URL.</p>
      </DetailHeader>
      <form className="payout-form" data-testid="payout-form" noValidate onSubmit={form.handleSubmit((request) => send.mutate(request))}>
        <CampaignSelect
          campaigns={campaigns}
          value={fields.campaignId ?? defaults.campaignId}
          testId="payout-campaign"
          onChange={(picked) => {
            campaignField.field.onChange(picked?.uuid ?? null);
            currencyField.field.onChange(null);
          }}
        />
        <label className="field">
          <span>Wallet currency {campaign && <span className="muted">(the campaign pays from its {campaign.walletCurrency} wallet)</span>}</span>
          <input
            type="text"
            className="mono"
            data-testid="payout-currency"
            value={walletCurrency}
            onChange={(event) => currencyField.field.onChange(event.target.value.toUpperCase())}
          />
        </label>
        <RecipientRows form={form} payoutType={campaign?.payoutType ?? null} walletCurrency={walletCurrency} currencies={currencies} />
        <label className="field">
          <span>
            Callback URL{' '}
            {fields.callbackUrl !== null && receiverHttps && (
              <button type="button" className="link-button" data-testid="payout-callback-reset" onClick={() => callbackField.field.onChange(null)}>
                use the receiver&apos;s URL
              </button>
            )}
          </span>
          <input
            type="url"
            className="mono"
            data-testid="payout-callback"
            spellCheck={false}
            placeholder="https://your-tunnel.example/webhooks"
            aria-invalid={callbackProblem !== null}
            value={callbackUrl}
            onChange={(event) => callbackField.field.onChange(event.target.value)}
          />
          <span className="muted">The receiver&apos;s HTTPS URL, or an HTTPS tunnel to it. Empty: no webhooks are sent.</span>
        </label>
        <FormProblem problem={callbackProblem} testId="payout-callback-error" />
        {problems.length > 0 && (
          <ul className="call-error payout-problems" role="alert" data-testid="payout-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="settings-actions">
          <RoleGate call="api.createPayoutOrder" doing="create payout orders" inline>
            <button type="submit" className="primary" data-testid="payout-submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Create payout order'}
            </button>
          </RoleGate>
        </div>
        <CallErrorMessage error={send.error} testId="payout-error" />
      </form>
      {answer && <PayoutResponse answer={answer} />}
    </aside>
  );
}
