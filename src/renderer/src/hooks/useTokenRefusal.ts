import { useSyncExternalStore } from 'react';
import type { TokenRefusal } from '../../../shared/token-refusal';
import { currentTokenRefusal, subscribeTokenRefusal } from '../api/token-refusal';

/** Why the core refused this page's token, or null while it has not. */
export function useTokenRefusal(): TokenRefusal | null {
  return useSyncExternalStore(subscribeTokenRefusal, currentTokenRefusal);
}
