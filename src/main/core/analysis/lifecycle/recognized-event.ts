import type { LifecycleKind } from '../../../../shared/lifecycle';
import { isKnownEvent, sharedPayoutEvents } from '../../../../shared/payloads/events';

/**
 * Whether the event is one the spec names for this kind of lifecycle: only those move its status.
 * Unrecognized events (a `recipient.*` whose name and payload are not shown) are kept and shown, but
 * ignored, as receivers must (spec 6 rule 6, 9.3).
 */
export function isRecognizedEvent(kind: LifecycleKind, event: string | null): boolean {
  if (kind === 'crypto_send') return isKnownEvent(event);
  return (sharedPayoutEvents as readonly (string | null)[]).includes(event);
}
