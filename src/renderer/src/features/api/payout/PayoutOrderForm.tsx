import { useEffect, useState } from 'react';
import { call } from '../../../api/client';
import { CallErrorMessage } from '../../../components/CallErrorMessage';
import { DetailHeader } from '../../../components/list-detail/DetailHeader';
import { CampaignSelect } from '../CampaignSelect';
import type { Campaigns } from '../useCampaigns';
import { callbackUrlProblem, defaultCallbackUrl, requestFromDraft, type PayoutDraft, type ResolvedDraft } from './payout-draft';
import { PayoutResponse, type PayoutAnswer } from './PayoutResponse';
import { RecipientRows } from './RecipientRows';
import { savedPayoutForm, savePayoutForm } from './saved-form';
import { useCatalogCurrencies } from './useCatalogCurrencies';
import { RoleGate } from '../../../components/RoleGate';

interface PayoutOrderFormProps {
  campaigns: Campaigns;
  receiverHttps: string | null;
  onCreated: (orderUuid: string) => void;
  onClose: () => void;
}

/** POST /api/payout-orders: campaign, wallet currency, recipients and an HTTPS callback URL, checked before sending. */
export function PayoutOrderForm({ campaigns, receiverHttps, onCreated, onClose }: PayoutOrderFormProps) {
  const [draft, setDraft] = useState<PayoutDraft>(() => savedPayoutForm().draft);
  const [problems, setProblems] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [answer, setAnswer] = useState<PayoutAnswer | null>(() => savedPayoutForm().answer);
  useEffect(() => savePayoutForm({ draft, answer }), [draft, answer]);

  const list = campaigns.state.phase === 'ready' ? campaigns.state.campaigns : [];
  const campaign = list.find((c) => c.uuid === draft.campaignId) ?? (draft.campaignId === null ? (list.find((c) => c.status === 'active') ?? null) : null);
  const resolved: ResolvedDraft = {
    campaignId: draft.campaignId ?? campaign?.uuid ?? null,
    walletCurrency: draft.walletCurrency ?? campaign?.walletCurrency ?? '',
    recipients: draft.recipients,
    callbackUrl: draft.callbackUrl ?? defaultCallbackUrl(receiverHttps),
  };
  const currencies = useCatalogCurrencies(campaign);
  const callbackProblem = callbackUrlProblem(resolved.callbackUrl);

  const edit = (change: Partial<PayoutDraft>) => {
    setProblems([]);
    setDraft((current) => ({ ...current, ...change }));
  };

  const submit = () => {
    const checked = requestFromDraft(resolved);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setSending(true);
    setError(null);
    setAnswer(null);
    call('api.createPayoutOrder', checked.request).then(
      (result) => {
        setAnswer(result);
        setSending(false);
        if (result.orderUuid) onCreated(result.orderUuid);
      },
      (failure: unknown) => {
        setError(failure);
        setSending(false);
      },
    );
  };

  return (
    <aside className="api-form-pane" aria-label="Create a payout order">
      <DetailHeader onClose={onClose} closeLabel="Close the form">
        <h2>
          <span className="muted">POST</span> <span className="mono">/api/payout-orders</span>
        </h2>
        <p className="muted payout-hint">A payout order of the service in use; its webhooks go to the callback URL.</p>
      </DetailHeader>
      <form
        className="payout-form"
        data-testid="payout-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <CampaignSelect
          campaigns={campaigns}
          value={resolved.campaignId}
          testId="payout-campaign"
          onChange={(picked) => edit({ campaignId: picked?.uuid ?? null, walletCurrency: null })}
        />
        <label className="field">
          <span>Wallet currency {campaign && <span className="muted">(the campaign pays from its {campaign.walletCurrency} wallet)</span>}</span>
          <input
            type="text"
            className="mono"
            data-testid="payout-currency"
            value={resolved.walletCurrency}
            onChange={(event) => edit({ walletCurrency: event.target.value.toUpperCase() })}
          />
        </label>
        <RecipientRows
          recipients={draft.recipients}
          payoutType={campaign?.payoutType ?? null}
          walletCurrency={resolved.walletCurrency}
          currencies={currencies}
          onChange={(recipients) => edit({ recipients })}
        />
        <label className="field">
          <span>
            Callback URL{' '}
            {draft.callbackUrl !== null && receiverHttps && (
              <button type="button" className="link-button" data-testid="payout-callback-reset" onClick={() => edit({ callbackUrl: null })}>
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
            value={resolved.callbackUrl}
            onChange={(event) => edit({ callbackUrl: event.target.value })}
          />
          <span className="muted">The receiver&apos;s HTTPS URL, or an HTTPS tunnel to it. Empty: no webhooks are sent.</span>
        </label>
        {callbackProblem && (
          <p className="call-error" role="alert" data-testid="payout-callback-error">
            {callbackProblem}
          </p>
        )}
        {problems.length > 0 && (
          <ul className="call-error payout-problems" role="alert" data-testid="payout-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="settings-actions">
          <RoleGate call="api.createPayoutOrder" doing="create payout orders" inline>
            <button type="submit" className="primary" data-testid="payout-submit" disabled={sending}>
              {sending ? 'Sending…' : 'Create payout order'}
            </button>
          </RoleGate>
        </div>
        <CallErrorMessage error={error} testId="payout-error" />
      </form>
      {answer && <PayoutResponse answer={answer} />}
    </aside>
  );
}
