import type { TokenRefusal } from '../../../shared/token-refusal';
import { tokenRefusal } from '../api/token-refusal';
import { useObservable } from './useObservable';

/** Why the core refused this page's token, or null while it has not. */
export function useTokenRefusal(): TokenRefusal | null {
  return useObservable(tokenRefusal);
}
