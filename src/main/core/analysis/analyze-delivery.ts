import type { Finding, SignatureCheck } from '../../../shared/verdicts';
import { concludeFromBody, type BodyConclusions } from './body-conclusions';
import { finding } from './findings/catalog';
import { eventHeaderFindings } from './findings/envelope';
import { requestFindings } from './findings/headers';
import { signatureFindings, uppercaseHexFindings } from './findings/security';
import { RequestHeaders, serviceHeaders } from './headers';
import { noLifecycleKeys } from './lifecycle/keys';
import { checkSignatureHeader, expectedDigest, verifySignature } from './signature';
import type { DeliveryAnalysis, RawDelivery } from './types';

function analyze(raw: RawDelivery, secret: string | null, body: BodyConclusions, knownDigest: string | null | undefined): DeliveryAnalysis {
  const headers = new RequestHeaders(raw.headers);
  const digest = knownDigest === undefined ? body.signatureDigest(secret) : knownDigest;
  const signature = checkSignatureHeader(raw.body.byteLength, headers.value(serviceHeaders.signature), digest);
  const findings: Finding[] = [
    ...requestFindings(raw, headers),
    ...signatureFindings(signature, body.form),
    ...uppercaseHexFindings(signature),
    ...body.findings.body,
    ...(body.object === null ? [] : eventHeaderFindings(body.object, headers)),
    ...body.findings.form,
  ];
  return {
    form: body.form,
    event: body.event ?? headers.value(serviceHeaders.event),
    payoutType: body.payoutType,
    deliveryId: headers.value(serviceHeaders.delivery),
    signature,
    idempotencyKey: body.idempotencyKey,
    subject: body.subject,
    eventTime: body.eventTime,
    findings,
    lifecycle: body.lifecycle,
  };
}

/** The signature check alone (what the ack path needs to refuse an invalid one); never throws. */
export function checkSignature(raw: RawDelivery, secret: string | null): SignatureCheck {
  try {
    return verifySignature(raw.body, new RequestHeaders(raw.headers).value(serviceHeaders.signature), secret);
  } catch {
    return { verdict: 'malformed', received: null, expected: null, reason: 'The signature could not be checked.' };
  }
}

/**
 * The receiver's check, when its policy refuses invalid signatures: the verdict, and the digest it computed, which
 * the capture carries to the analysis (analyzeDelivery's `knownDigest`), so that the HMAC is computed once. Never
 * throws (a check that failed gives no digest, and the analysis computes its own).
 */
export function signatureOnTheSpot(raw: RawDelivery, secret: string | null): { verdict: SignatureCheck['verdict']; expectedDigest?: string | null } {
  try {
    const expected = expectedDigest(raw.body, secret);
    const { verdict } = checkSignatureHeader(raw.body.byteLength, new RequestHeaders(raw.headers).value(serviceHeaders.signature), expected);
    return { verdict, expectedDigest: expected };
  } catch {
    return { verdict: 'malformed' };
  }
}

/**
 * Everything the inspector concludes about one delivery, recomputable from the raw request and the secret.
 * `body` gives what its body's bytes say (remembered for a retry: recent-body-conclusions.ts). Never throws: an
 * internal failure, there too, becomes an `analysis.internal_error` finding, so ingest always has a row.
 */
export function analyzeDelivery(
  raw: RawDelivery,
  secret: string | null,
  body: () => BodyConclusions = () => concludeFromBody(raw.body, raw.bodyTruncated),
  knownDigest?: string | null,
): DeliveryAnalysis {
  try {
    return analyze(raw, secret, body(), knownDigest);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      form: 'unparseable',
      event: null,
      payoutType: null,
      deliveryId: null,
      signature: checkSignature(raw, secret),
      idempotencyKey: null,
      subject: null,
      eventTime: null,
      findings: [finding('analysis.internal_error', '$', `The analysis failed (${message}); the raw delivery is kept.`)],
      lifecycle: noLifecycleKeys,
    };
  }
}
