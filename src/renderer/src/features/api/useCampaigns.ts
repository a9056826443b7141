import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CoreStatus } from '../../../../shared/contract';
import type { FetchAllJob } from '../../../../shared/service-api';
import { call } from '../../api/client';
import { useFetchAllJob } from '../../hooks/useFetchAllJob';
import { campaignsJobKey, campaignsQuery, type Campaign } from './campaigns';

export type CampaignsState =
  | { phase: 'off' }
  | { phase: 'loading'; job: FetchAllJob | null }
  | { phase: 'ready'; campaigns: Campaign[] }
  | { phase: 'error'; error: unknown };

export interface Campaigns {
  state: CampaignsState;
  retry: () => void;
}

/** The service's campaigns, read when `enabled` (once per session and service). */
export function useCampaigns(enabled: boolean, service: CoreStatus['service'] | null): Campaigns {
  const queryClient = useQueryClient();
  const serviceKey = service === null ? '' : `${service.mode} ${service.baseUrl ?? ''}`;
  const on = enabled && service !== null;
  const query = useQuery({ ...campaignsQuery(queryClient, serviceKey, call), enabled: on });
  const jobId = useQuery<string>({ queryKey: campaignsJobKey(serviceKey), queryFn: skipToken }).data ?? null;
  const job = useFetchAllJob(jobId);
  const retry = () => void query.refetch();

  if (!on) return { state: { phase: 'off' }, retry };
  if (query.data !== undefined) return { state: { phase: 'ready', campaigns: query.data }, retry };
  if (query.isError && !query.isFetching) return { state: { phase: 'error', error: query.error }, retry };
  return { state: { phase: 'loading', job }, retry };
}
