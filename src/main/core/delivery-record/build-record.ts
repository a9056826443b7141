import { hash } from 'node:crypto';
import { analyzeDelivery } from '../analysis/analyze-delivery';
import { concludeFromBody, type BodyConclusions } from '../analysis/body-conclusions';
import { parseBody } from '../analysis/parse-body';
import type { RecentBodyConclusions } from '../analysis/recent-body-conclusions';
import type { RawDelivery } from '../analysis/types';
import { isAnalysed, type CaptureFacts, type DeliveryRecord, type IncomingDelivery, type ResponseGiven } from './delivery-record';

/**
 * Builds the stored record of one delivery from its capture: the body parsed, analysed and hashed. With
 * `recentBodies`, a body seen lately (a retry) is not parsed and checked again; with `knownDigest` (the receiver's,
 * computed with `secret`), its HMAC is not computed again.
 */
export function buildDeliveryRecord(
  raw: RawDelivery,
  facts: CaptureFacts,
  secret: string | null,
  respond: (analysis: DeliveryRecord['analysis']) => ResponseGiven,
  bodySha256 = hash('sha256', raw.body, 'hex'),
  recentBodies?: RecentBodyConclusions,
  knownDigest?: string | null,
): DeliveryRecord {
  const conclude = (): BodyConclusions =>
    recentBodies?.of(raw.body, raw.bodyTruncated, bodySha256) ?? concludeFromBody(raw.body, raw.bodyTruncated);
  let body: BodyConclusions | undefined;
  const analysis = analyzeDelivery(raw, secret, () => (body = conclude()), knownDigest);
  return {
    raw,
    facts,
    analysis,
    // Parsed again only when the analysis failed (its internal error is in the findings).
    parsedBody: body?.parsed ?? parseBody(raw.body),
    response: respond(analysis),
    bodySha256,
  };
}

/** The record of an incoming delivery: analysed now when it was captured only (the secret stays out of it). */
export function analysedRecord(delivery: IncomingDelivery, recentBodies?: RecentBodyConclusions): DeliveryRecord {
  if (isAnalysed(delivery)) return delivery;
  const { raw, facts, response, secret, expectedDigest } = delivery;
  return buildDeliveryRecord(raw, facts, secret, () => response, undefined, recentBodies, expectedDigest);
}
