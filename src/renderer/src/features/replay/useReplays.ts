import { useQueryClient } from '@tanstack/react-query';
import type { ReplayRecord } from '../../../../shared/replay';
import { useCall } from '../../api/queries';

export interface ReplaysState {
  /** Newest first; null until the first answer. */
  items: ReplayRecord[] | null;
  error: unknown;
  reload: () => void;
}

/** The replays and forwards of one delivery, kept current by `replays.changed` (api/query-invalidation.ts). */
export function useReplays(deliveryId: number): ReplaysState {
  const queryClient = useQueryClient();
  const replays = useCall('replay.list', { deliveryId });
  return {
    items: replays.phase === 'ready' ? replays.value.items : null,
    error: replays.phase === 'error' ? replays.error : null,
    reload: () => void queryClient.invalidateQueries({ queryKey: ['replay.list', { deliveryId }] }),
  };
}
