import type { ParsedBody } from '../analysis/parse-body';
import type { CaptureFacts, CapturedDelivery, RawDelivery, ResponseGiven } from '@webhook-inspector/capture';
import type { DeliveryAnalysis } from '../analysis/types';

export type { CaptureFacts, CapturedDelivery, ResponseGiven };

/** One delivery as stored: raw capture, response given, and the derived analysis. */
export interface DeliveryRecord {
  raw: RawDelivery;
  facts: CaptureFacts;
  response: ResponseGiven;
  analysis: DeliveryAnalysis;
  bodySha256: string;
  /** The body as analysis parsed it; kept in memory only, so lifecycles need not parse it again. */
  parsedBody?: ParsedBody;
}

/** What a store accepts: a record analysed already (an import, a relay's delivery), or one to analyse. */
export type IncomingDelivery = DeliveryRecord | CapturedDelivery;

export function isAnalysed(delivery: IncomingDelivery): delivery is DeliveryRecord {
  return 'analysis' in delivery;
}
