import type { FetchAllTracker } from '../../api/fetch-all-tracker';
import { call } from '../../api/client';

/** A campaign as the pickers need it (see the simulator's ApiCampaign). */
export interface Campaign {
  uuid: string;
  name: string;
  payoutType: string;
  walletCurrency: string;
  status: string;
}

let loaded: { serviceKey: string; jobId: string | null; promise: Promise<Campaign[]> } | null = null;

/**
 * Every campaign of the service in use, read once per session with a fetch-all (20 a page).
 * `serviceKey` names the service: another one reads them again.
 */
export function loadCampaigns(tracker: FetchAllTracker, serviceKey: string): Promise<Campaign[]> {
  if (loaded?.serviceKey === serviceKey) return loaded.promise;
  const entry: NonNullable<typeof loaded> = { serviceKey, jobId: null, promise: Promise.resolve([]) };
  entry.promise = (async () => {
    const started = await call('api.fetchAll.start', { endpoint: '/api/campaigns', limit: 20 });
    entry.jobId = started.jobId;
    tracker.update(started);
    const job = await tracker.finished(started.jobId);
    if (job.state !== 'done') throw new Error(`Could not read the campaigns: ${job.error ?? 'the fetch was stopped'}.${job.advice ? ` ${job.advice}` : ''}`);
    const { items } = await call('api.fetchAll.items', { jobId: job.jobId });
    return items.flatMap(toCampaign);
  })();
  entry.promise.catch(() => {
    if (loaded === entry) loaded = null;
  });
  loaded = entry;
  return entry.promise;
}

/** The job reading the campaigns, for its progress. */
export function campaignsJobId(serviceKey: string): string | null {
  return loaded?.serviceKey === serviceKey ? loaded.jobId : null;
}

export function forgetCampaigns(): void {
  loaded = null;
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
