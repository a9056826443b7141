import type { SimPayoutOrder } from './model';
import type { ScenarioEvent } from './scenarios/scenario-event';

/**
 * Where the API hands each created payout order: the dispatcher starts its event streams and tells when each event
 * occurs. It names both sides (orders and scenario events), so it sits above the model rather than in it.
 */
export interface OrderSink {
  orderCreated(order: SimPayoutOrder): readonly ScenarioEvent[] | void;
}
