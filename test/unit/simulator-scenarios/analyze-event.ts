import { randomUUID } from 'node:crypto';
import { analyzeDelivery } from '../../../src/main/core/analysis/analyze-delivery';
import type { DeliveryAnalysis } from '../../../src/main/core/analysis/types';
import { deliveryHeaders } from 'payout-simulator/internal/dispatcher/delivery-headers';
import type { FaultName } from 'payout-simulator/internal/dispatcher/faults';
import type { ScenarioEvent } from 'payout-simulator/internal/scenarios/index';

export const secret = 'whsec_simulator_test_0c1d';

/** The inspector's analysis of an event delivered as the dispatcher sends it. */
export function analyzeEvent(event: ScenarioEvent, faults: readonly FaultName[] = [], bodyText = event.bodyText): DeliveryAnalysis {
  const body = Buffer.from(bodyText, 'utf8');
  const headers = deliveryHeaders({ event: event.event, body, secret, deliveryId: randomUUID(), dispatchedAtMs: Date.now(), faults });
  return analyzeDelivery(
    { method: 'POST', path: '/webhooks', query: '', headers: Object.entries(headers), body, bodyTruncated: false },
    secret,
  );
}
