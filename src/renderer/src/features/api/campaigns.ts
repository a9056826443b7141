import type { QueryClient } from '@tanstack/react-query';
import { jobFinished, showJob } from '../../api/fetch-all-jobs';
import type { Send } from '../../api/send';

/** A campaign as the pickers need it (see the simulator's ApiCampaign). */
export interface Campaign {
  uuid: string;
  name: string;
  payoutType: string;
  walletCurrency: string;
  status: string;
}

/** The campaigns of the service `serviceKey` names (another service reads them again). */
export const campaignsKey = (serviceKey: string) => ['api.campaigns', serviceKey] as const;
/** The fetch-all job reading them, for its progress. */
export const campaignsJobKey = (serviceKey: string) => ['api.campaigns.job', serviceKey] as const;

/**
 * Every campaign of the service in use, read once per session with a fetch-all (20 a page): the query of
 * `campaignsKey` (kept for the session), whose job's progress the pickers show while it runs.
 */
export function campaignsQuery(queryClient: QueryClient, serviceKey: string, send: Send) {
  return {
    queryKey: campaignsKey(serviceKey),
    queryFn: async (): Promise<Campaign[]> => {
      const started = await send('api.fetchAll.start', { endpoint: '/api/campaigns', limit: 20 });
      showJob(queryClient, started);
      queryClient.setQueryData(campaignsJobKey(serviceKey), started.jobId);
      const job = await jobFinished(queryClient, started.jobId);
      if (job.state !== 'done') throw new Error(`Could not read the campaigns: ${job.error ?? 'the fetch was stopped'}.${job.advice ? ` ${job.advice}` : ''}`);
      const { items } = await send('api.fetchAll.items', { jobId: job.jobId });
      return items.flatMap(toCampaign);
    },
    staleTime: Infinity,
    gcTime: Infinity,
  };
}

function toCampaign(item: unknown): Campaign[] {
  if (typeof item !== 'object' || item === null) return [];
  const { uuid, name, payout_type, wallet_currency, status } = item as Record<string, unknown>;
  if (typeof uuid !== 'string') return [];
  return [
    {
      uuid,
      name: typeof name === 'string' ? name : uuid,
      payoutType: typeof payout_type === 'string' ? payout_type : '',
      walletCurrency: typeof wallet_currency === 'string' ? wallet_currency : '',
      status: typeof status === 'string' ? status : '',
    },
  ];
}
