/** The simulated service's API: what the rest of the app may import from here. */
export { startSimulatorApi, defaultSimulatorSeed, type SimulatorApi, type SimulatorApiOptions } from './server';
export { SimWorld } from './world';
export { validatePayoutOrder, type PayoutOrderValidation } from './create-payout-order';
export { demoPayoutOrderRequests } from './demo-order';
export { simCurrencies, findCurrency, type SimCurrency } from './currencies';
export { PayoutOrderInput, RecipientInput, type FieldError } from './payout-order-schema';
export type * from './records';
export { apiAttemptOf, attemptStatuses, type ApiWebhookAttempt, type AttemptStatus } from './webhook-attempts';
