import { createHash } from 'node:crypto';
import { analyzeDelivery } from '../analysis/analyze-delivery';
import { parseBody } from '../analysis/parse-body';
import type { RawDelivery } from '../analysis/types';
import { isAnalysed, type CaptureFacts, type DeliveryRecord, type IncomingDelivery, type ResponseGiven } from '../store/delivery-record';

/** Builds the stored record of one delivery: the pure part of ingest, shared by the receiver and importers. */
export function buildDeliveryRecord(
  raw: RawDelivery,
  facts: CaptureFacts,
  secret: string | null,
  respond: (analysis: DeliveryRecord['analysis']) => ResponseGiven,
  bodySha256 = createHash('sha256').update(raw.body).digest('hex'),
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

/** Header pairs from Node's flat rawHeaders list, order and case kept. */
export function headerPairs(rawHeaders: string[]): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) pairs.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return pairs;
}

export function splitTarget(url: string | undefined): { path: string; query: string } {
  const target = url ?? '/';
  const q = target.indexOf('?');
  return q === -1 ? { path: target, query: '' } : { path: target.slice(0, q), query: target.slice(q + 1) };
}
