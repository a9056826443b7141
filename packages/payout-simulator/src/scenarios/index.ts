export { orderEvents, scenarioForPayoutType, scenarioPayoutType } from './order-events';
export type { ScenarioEvent, ScenarioOptions } from './scenario-event';
export { SeededRandom } from '../seeded-random';
