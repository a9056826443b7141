import { useEffect, useState, useSyncExternalStore } from 'react';
import type { CoreStatus } from '../../../../shared/contract';
import type { FetchAllJob } from '../../../../shared/service-api';
import { useFetchAllTracker } from '../../hooks/useFetchAllTracker';
import { campaignsJobId, forgetCampaigns, loadCampaigns, type Campaign } from './campaigns';

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
  const tracker = useFetchAllTracker();
  const serviceKey = service === null ? null : `${service.mode} ${service.baseUrl ?? ''}`;
  const [result, setResult] = useState<{ serviceKey: string; attempt: number; value: { campaigns: Campaign[] } | { error: unknown } } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const job = useSyncExternalStore(tracker.subscribe, () => (serviceKey === null ? null : tracker.get(campaignsJobId(serviceKey))));

  useEffect(() => {
    if (!enabled || serviceKey === null) return;
    let live = true;
    loadCampaigns(tracker, serviceKey).then(
      (campaigns) => live && setResult({ serviceKey, attempt, value: { campaigns } }),
      (error: unknown) => live && setResult({ serviceKey, attempt, value: { error } }),
    );
    return () => {
      live = false;
    };
  }, [enabled, serviceKey, attempt, tracker]);

  const retry = () => {
    forgetCampaigns();
    setAttempt((n) => n + 1);
  };

  if (!enabled || serviceKey === null) return { state: { phase: 'off' }, retry };
  if (result === null || result.serviceKey !== serviceKey || result.attempt !== attempt) return { state: { phase: 'loading', job }, retry };
  return { state: 'campaigns' in result.value ? { phase: 'ready', campaigns: result.value.campaigns } : { phase: 'error', error: result.value.error }, retry };
}
