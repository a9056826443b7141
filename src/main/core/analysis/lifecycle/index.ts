/** Lifecycles, duplicate groups and X-Service-Delivery evidence: pure functions over stored deliveries. */
export { lifecycleKeys, noLifecycleKeys } from './keys';
export { reconstructLifecycle, lifecycleOfEvents, sendTxHash } from './reconstruct';
export { arrivedEvent, arrivedEvents, eventFacts, type ArrivedEvent, type EventFacts, type LifecycleDelivery } from './ordered-events';
export { summarizeLifecycle } from './summary';
export { recipientView, latestLifecycle } from './recipient-view';
export { orderSummary, noStatus } from './order-summary';
export { describeDuplicateGroup, deliveryIdEvidence, evidenceVerdict, type DuplicateCopy, type EvidenceGroup, type WholeGroup } from './duplicates';
export { giftCardTerminalStatuses, isTerminalEvent } from './terminal';
export { parseInstant, compareInstants, compareTimeTexts, type Instant } from './instant';
export { lifecyclePosition, type LifecyclePosition } from './position';
