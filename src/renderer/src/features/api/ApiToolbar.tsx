import type { ListEndpoint } from '../../../../shared/service-api';
import { catalogEndpoint, endpointList, endpointWords, maxLimit } from '../../lib/api-endpoints';
import type { ApiRoute } from '../../lib/api-route';
import { CampaignSelect } from './CampaignSelect';
import { FetchSecretButton } from './FetchSecretButton';
import type { Campaigns } from './useCampaigns';

interface ApiToolbarProps {
  route: ApiRoute;
  campaigns: Campaigns;
  onChange: (change: Partial<ApiRoute>) => void;
}

const limits = Array.from({ length: maxLimit }, (_, index) => index + 1);

/** Which list, which campaign, how many a page; the signing secret and the payout-order form. */
export function ApiToolbar({ route, campaigns, onChange }: ApiToolbarProps) {
  return (
    <header className="api-toolbar">
      <label className="field">
        <span>Endpoint</span>
        <select
          data-testid="api-endpoint"
          className="mono"
          value={route.endpoint}
          title={endpointWords[route.endpoint].about}
          onChange={(event) => onChange({ endpoint: event.target.value as ListEndpoint, page: 1 })}
        >
          {endpointList.map((endpoint) => (
            <option key={endpoint} value={endpoint}>
              GET {endpoint}
            </option>
          ))}
        </select>
      </label>
      {route.endpoint === catalogEndpoint && (
        <CampaignSelect campaigns={campaigns} value={route.campaignId} testId="api-campaign" onChange={(campaign) => onChange({ campaignId: campaign?.uuid ?? null, page: 1 })} />
      )}
      <label className="field">
        <span>Limit</span>
        <select
          data-testid="api-limit"
          value={route.limit}
          title="Items a page (the service allows 1 to 20)"
          onChange={(event) => {
            const limit = Number(event.target.value);
            // Keep the first item of the page in view.
            onChange({ limit, page: Math.floor(((route.page - 1) * route.limit) / limit) + 1 });
          }}
        >
          {!limits.includes(route.limit) && (
            <option value={route.limit} data-testid="api-limit-outside">
              {route.limit} (outside 1..{maxLimit})
            </option>
          )}
          {limits.map((limit) => (
            <option key={limit} value={limit}>
              {limit}
            </option>
          ))}
        </select>
      </label>
      <p className="api-about muted">{endpointWords[route.endpoint].about}</p>
      <div className="api-toolbar-actions">
        <FetchSecretButton testId="api-fetch-secret" />
        <button type="button" className={route.form ? undefined : 'primary'} data-testid="api-open-form" aria-pressed={route.form} onClick={() => onChange({ form: !route.form })}>
          {route.form ? 'Close payout-order form' : 'New payout order…'}
        </button>
      </div>
    </header>
  );
}
