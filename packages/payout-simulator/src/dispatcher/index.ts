export { WebhookDispatcher, type DispatcherState } from './webhook-dispatcher';
export { dispatcherDefaults, type DeliveryIdMode, type DispatcherBehaviour, type DispatcherOptions } from './dispatcher-options';
export type { AttemptView, DeliveryStatus, DispatchEventView } from './event-records';
export { faultNames, type FaultName, type FaultSwitches } from './faults';
export { systemClock, type Clock } from './clock';
export { maxAttempts, retryDelayMs } from './backoff';
export { deliveryHeaders, userAgent } from './delivery-headers';
