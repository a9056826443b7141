/** Event names of spec section 6. Anything else is an unrecognized event, which receivers ignore. */

export const detailedCryptoEvents = [
  'payout.quote_created',
  'payout.quote_confirmed',
  'payout.quote_canceled',
  'payout.status_changed',
  'payout.terminal_state',
] as const;
export type DetailedCryptoEvent = (typeof detailedCryptoEvents)[number];

/** Sent for both payout types, with a body per type. */
export const sharedPayoutEvents = ['payout.processing', 'payout.failed'] as const;

export const knownEvents: readonly string[] = [...detailedCryptoEvents, ...sharedPayoutEvents];

export function isDetailedCryptoEvent(event: unknown): event is DetailedCryptoEvent {
  return typeof event === 'string' && (detailedCryptoEvents as readonly string[]).includes(event);
}

export function isKnownEvent(event: unknown): event is string {
  return typeof event === 'string' && knownEvents.includes(event);
}

/** `<domain>.<action>`, lowercase, dot-separated. */
export function isWellFormedEventName(event: string): boolean {
  return /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(event);
}
