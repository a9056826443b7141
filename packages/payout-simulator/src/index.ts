/**
 * payout-simulator: a simulated payout service (its API, and each created order's webhooks, signed per spec 5) as a
 * library (`startSimulator`) and a program (`payout-simulator`, `webhook-inspector simulate`). May import Node
 * built-ins, its dependencies and the private packages it bundles (@webhook-inspector/command-line, http-attempt,
 * service-signature); never the app (src/).
 */
export { startSimulator, type Simulator, type SimulatorOptions } from './simulator';
export { simulateCommand } from './simulate-command';
export { simulateDefinition } from './simulate-definition';
export { parseSimulateArgs, startStandaloneSimulator, type SimulateOptions } from './standalone-simulator';
export { SimAccount, scenarioNames, type PayoutType, type ScenarioName, type SimPayoutOrder, type SimRecipient } from './model';
export { loadSimulatorAccount, storedSimulatorSecret } from './account-file';
export { SeededRandom } from './seeded-random';
export * from './api';
export * from './dispatcher';
export { orderEvents, scenarioPayoutType, type ScenarioEvent, type ScenarioOptions } from './scenarios';
export { plainSender, type WebhookSender } from './dispatcher/webhook-sender';
export { faultNames, scenariosOf, type FaultName } from './names';
export type { OrderSink } from './order-sink';
