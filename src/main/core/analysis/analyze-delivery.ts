import type { Finding, PayloadForm, SignatureCheck } from '../../../shared/verdicts';
import { isJsonNumber, jsonNumberText } from '../../../shared/payloads/json-values';
import { classify } from './classify';
import { bodyFindings } from './findings/body';
import { bodyFormFindings } from './findings/body-forms';
import { finding } from './findings/catalog';
import { requestFindings } from './findings/headers';
import { signatureFindings, uppercaseHexFindings } from './findings/security';
import { RequestHeaders, serviceHeaders } from './headers';
import { idempotencyKey } from './idempotency';
import { field, stringField, type JsonObject } from './json-access';
import { lifecycleKeys, noLifecycleKeys } from './lifecycle/keys';
import { parseBody, type ParsedBody } from './parse-body';
import { verifySignature } from './signature';
import type { DeliveryAnalysis, RawDelivery } from './types';

function subjectOf(form: PayloadForm, body: JsonObject | null): string | null {
  if (form === 'gift_cards') return stringField(body, 'recipient_email');
  if (form === 'crypto_form_a') return stringField(body, 'external_send_id');
  if (form === 'crypto_form_b') {
    const id = field(field(body, 'data'), 'id');
    return isJsonNumber(id) ? jsonNumberText(id) : typeof id === 'string' ? id : null;
  }
  return null;
}

function eventTimeOf(form: PayloadForm, body: JsonObject | null): string | null {
  if (form === 'gift_cards') return stringField(body, 'updated_at');
  if (form === 'crypto_form_a') return stringField(body, 'occurred_at');
  return null;
}

/** Form A's field table has no payout_type, but the form is defined for crypto payouts only. */
function payoutTypeOf(form: PayloadForm, body: JsonObject | null): string | null {
  return stringField(body, 'payout_type') ?? (form === 'crypto_form_a' ? 'crypto' : null);
}

function analyze(raw: RawDelivery, secret: string | null, parsed: ParsedBody): DeliveryAnalysis {
  const form = classify(parsed);
  const body = parsed.kind === 'object' ? parsed.value : null;
  const headers = new RequestHeaders(raw.headers);
  const signature = verifySignature(raw.body, headers.value(serviceHeaders.signature), secret);
  const findings: Finding[] = [
    ...requestFindings(raw, headers),
    ...signatureFindings(signature, form),
    ...uppercaseHexFindings(signature),
    ...bodyFindings(parsed, raw.bodyTruncated, raw.body.byteLength),
    ...(body === null ? [] : bodyFormFindings(body, form, headers)),
  ];
  return {
    form,
    event: stringField(body, 'event') ?? headers.value(serviceHeaders.event),
    payoutType: payoutTypeOf(form, body),
    deliveryId: headers.value(serviceHeaders.delivery),
    signature,
    idempotencyKey: idempotencyKey(form, body),
    subject: subjectOf(form, body),
    eventTime: eventTimeOf(form, body),
    findings,
    lifecycle: lifecycleKeys(form, body),
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
 * Everything the inspector concludes about one delivery, recomputable from the raw request and the secret.
 * Never throws: an internal failure becomes an `analysis.internal_error` finding, so ingest always has a row.
 */
export function analyzeDelivery(raw: RawDelivery, secret: string | null, parsed?: ParsedBody): DeliveryAnalysis {
  try {
    return analyze(raw, secret, parsed ?? parseBody(raw.body));
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
