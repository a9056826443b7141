import type { ParsedBody } from '../analysis/parse-body';
import type { DeliveryAnalysis, RawDelivery } from '../analysis/types';

/** What the receiver captured besides the request itself. */
export interface CaptureFacts {
  receivedAt: number;
  remoteAddress: string | null;
  tls: boolean;
  imported: boolean;
  /** Pulled from a relay: which one, and the relay's id of the delivery (received where the relay runs). */
  source?: { name: string; id: string };
}

export interface ResponseGiven {
  status: number;
  body: string;
  /** Why this answer: "policy: default", "body over the limit", … */
  reason: string;
}

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

/**
 * A delivery as the receiver captured it, not analysed yet: the store analyses it and hashes its body off the
 * receiver's event loop (the SQLite engine on its writer thread), with the signing secret that was in force when
 * it arrived. The secret is never stored, logged or sent anywhere else.
 */
export interface CapturedDelivery {
  raw: RawDelivery;
  facts: CaptureFacts;
  response: ResponseGiven;
  secret: string | null;
}

/** What a store accepts: a record analysed already (an import, a relay's delivery), or one to analyse. */
export type IncomingDelivery = DeliveryRecord | CapturedDelivery;

export function isAnalysed(delivery: IncomingDelivery): delivery is DeliveryRecord {
  return 'analysis' in delivery;
}
