import { hash } from 'node:crypto';
import { analyzeDelivery } from '../analysis/analyze-delivery';
import { parseBody } from '../analysis/parse-body';
import type { RawDelivery } from '../analysis/types';
import { isAnalysed, type CaptureFacts, type DeliveryRecord, type IncomingDelivery, type ResponseGiven } from './delivery-record';

/** Builds the stored record of one delivery from its capture: the body parsed, analysed and hashed. */
export function buildDeliveryRecord(
  raw: RawDelivery,
  facts: CaptureFacts,
  secret: string | null,
  respond: (analysis: DeliveryRecord['analysis']) => ResponseGiven,
  bodySha256 = hash('sha256', raw.body, 'hex'),
): DeliveryRecord {
  const parsedBody = parseBody(raw.body);
  const analysis = analyzeDelivery(raw, secret, parsedBody);
  return {
    raw,
    facts,
    analysis,
    parsedBody,
    response: respond(analysis),
    bodySha256,
  };
}

/** The record of an incoming delivery: analysed now when it was captured only (the secret stays out of it). */
export function analysedRecord(delivery: IncomingDelivery): DeliveryRecord {
  if (isAnalysed(delivery)) return delivery;
  const { raw, facts, response, secret } = delivery;
  return buildDeliveryRecord(raw, facts, secret, () => response);
}
