import type { CoreStatus } from '../../../../shared/contract';
import { listsChangedByPayoutOrders } from '../../../../shared/page-cache-rules';
import type { ListTarget } from '../../../../shared/service-api';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { useNavigate } from '../../hooks/useNavigate';
import { catalogEndpoint, endpointPath } from '../../lib/api-endpoints';
import type { ApiRoute } from '../../lib/api-route';
import { ApiToolbar } from './ApiToolbar';
import { FetchAllBar } from './FetchAllBar';
import { ItemsTable } from './ItemsTable';
import { PageControls } from './PageControls';
import { CacheState, HeaderProblems, PaginationHeaders } from './PaginationHeaders';
import { PayoutOrderForm } from './payout/PayoutOrderForm';
import { useCampaigns } from './useCampaigns';
import { useListPage } from './useListPage';

interface ApiViewProps {
  route: ApiRoute;
  status: CoreStatus | null;
}

/** The service's API: its paginated lists page by page or all at once, the signing secret, and new payout orders. */
export function ApiView({ route, status }: ApiViewProps) {
  const navigate = useNavigate();
  const change = (next: Partial<ApiRoute>) => navigate({ ...route, ...next });
  const target: ListTarget | null =
    route.endpoint === catalogEndpoint ? (route.campaignId ? { endpoint: route.endpoint, campaignId: route.campaignId } : null) : { endpoint: route.endpoint };
  const list = useListPage(target && { target, page: route.page, limit: route.limit });
  const campaigns = useCampaigns(route.form || route.endpoint === catalogEndpoint, status?.service ?? null);
  const shown = list.page ?? (list.loading ? list.lastGood : null);
  const totalPages = (list.page ?? list.lastGood)?.pagination.totalPages ?? null;

  return (
    <div className={`api-view${route.form ? ' with-form' : ''}`} data-testid="api-view">
      <ApiToolbar route={route} campaigns={campaigns} onChange={change} />
      <div className="api-body">
        <section className="api-browser" aria-label="Pages of the list" data-loading={list.loading}>
          <div className="api-page-bar">
            <PageControls page={route.page} totalPages={totalPages} busy={list.loading} onPage={(page) => change({ page })} />
            {shown && <PaginationHeaders page={shown} />}
            <CacheState page={list.page} receivedAt={list.receivedAt} loading={list.loading} onRefresh={list.refresh} />
          </div>
          <FetchAllBar key={target ? endpointPath(target.endpoint, target.campaignId ?? null) : 'none'} target={target} limit={route.limit} />
          {target === null && (
            <p className="api-message muted" data-testid="api-pick-campaign">
              Pick a campaign: its catalog is listed here.
            </p>
          )}
          {list.error !== null && <CallErrorMessage error={list.error} testId="api-error" />}
          {shown && <HeaderProblems problems={shown.headerProblems} />}
          {shown && (
            <ItemsTable
              key={`${route.endpoint} ${route.campaignId ?? ''} ${shown.page} ${shown.limit} ${shown.fetchedAt}`}
              endpoint={route.endpoint}
              items={shown.items}
              firstPosition={(shown.page - 1) * shown.limit + 1}
            />
          )}
        </section>
        {route.form && (
          <PayoutOrderForm
            campaigns={campaigns}
            receiverHttps={status?.receivers.https ?? null}
            onCreated={() => {
              if (listsChangedByPayoutOrders.includes(route.endpoint)) list.refresh();
            }}
            onClose={() => change({ form: false })}
          />
        )}
      </div>
    </div>
  );
}
