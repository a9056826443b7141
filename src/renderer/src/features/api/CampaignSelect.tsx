import { CallErrorMessage } from '../../components/CallErrorMessage';
import type { Campaign } from './campaigns';
import type { Campaigns } from './useCampaigns';

interface CampaignSelectProps {
  campaigns: Campaigns;
  value: string | null;
  onChange: (campaign: Campaign | null) => void;
  testId: string;
  label?: string;
}

/** A campaign picked from /api/campaigns (all pages); the one in the URL stays shown before they load. */
export function CampaignSelect({ campaigns, value, onChange, testId, label = 'Campaign' }: CampaignSelectProps) {
  const { state } = campaigns;
  const list = state.phase === 'ready' ? state.campaigns : [];
  const known = value === null || list.some((campaign) => campaign.uuid === value);
  return (
    <>
      <label className="field api-campaign-field">
        <span>{label}</span>
        <select
          data-testid={testId}
          data-state={state.phase}
          value={value ?? ''}
          onChange={(event) => onChange(list.find((campaign) => campaign.uuid === event.target.value) ?? null)}
        >
          <option value="">{placeholder(campaigns)}</option>
          {!known && value !== null && <option value={value}>{value}</option>}
          {list.map((campaign) => (
            <option key={campaign.uuid} value={campaign.uuid}>
              {describeCampaign(campaign)}
            </option>
          ))}
        </select>
      </label>
      {state.phase === 'error' && (
        <div className="api-campaign-error">
          <CallErrorMessage error={state.error} testId={`${testId}-error`} />
          <button type="button" onClick={campaigns.retry}>
            Retry
          </button>
        </div>
      )}
    </>
  );
}

export function describeCampaign(campaign: Campaign): string {
  const parts = [campaign.name, campaign.payoutType.replaceAll('_', ' '), campaign.walletCurrency];
  if (campaign.status && campaign.status !== 'active') parts.push(campaign.status);
  return parts.join(' · ');
}

function placeholder({ state }: Campaigns): string {
  switch (state.phase) {
    case 'loading':
      return state.job?.totalPages ? `reading campaigns… ${state.job.pagesDone}/${state.job.totalPages} pages` : 'reading campaigns…';
    case 'error':
      return 'campaigns could not be read';
    case 'ready':
      return state.campaigns.length === 0 ? 'no campaigns' : `pick one of ${state.campaigns.length}`;
    default:
      return 'pick a campaign';
  }
}
