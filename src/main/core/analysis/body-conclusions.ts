import type { Finding, PayloadForm } from '../../../shared/verdicts';
import { isJsonNumber, jsonNumberText } from '../../../shared/payloads/json-values';
import { classify } from './classify';
import { bodyFindings } from './findings/body';
import { bodyFormFindings } from './findings/body-forms';
import { idempotencyKey } from './idempotency';
import { field, stringField, type JsonObject } from './json-access';
import { deliveryLifecycleKeys } from './lifecycle/keys';
import { parseBody, type ParsedBody } from './parse-body';
import { expectedDigest } from './signature';
import type { LifecycleKeys } from './types';

/**
 * What the analysis concludes from a body's bytes alone, whatever headers came with them: the same for every
 * attempt of one event, since the service sends a retry's body unchanged (spec 5 signs the body alone).
 */
export interface BodyConclusions {
  parsed: ParsedBody;
  form: PayloadForm;
  /** The body, when it is a JSON object. */
  object: JsonObject | null;
  /** The body's `event`, when a string. */
  event: string | null;
  payoutType: string | null;
  idempotencyKey: string | null;
  subject: string | null;
  eventTime: string | null;
  lifecycle: LifecycleKeys;
  /** Whether the body reads as a JSON object, then what its form's checks find (in the analysis's order). */
  findings: { body: Finding[]; form: Finding[] };
  /** HMAC-SHA256 of the bytes with `secret` (spec 5), hex; null without a secret (an empty one counts as none). */
  signatureDigest(secret: string | null): string | null;
}

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

/** The digest of `bytes` for the last secret asked about, computed once for it. */
function digestForLastSecret(bytes: Uint8Array): (secret: string | null) => string | null {
  let last: { secret: string | null; digest: string | null } | null = null;
  return (secret) => {
    if (last?.secret !== secret) last = { secret, digest: expectedDigest(bytes, secret) };
    return last.digest;
  };
}

/** Concludes what the body's bytes say (`truncated`: the receiver cut them at its size limit). May throw on a bug. */
export function concludeFromBody(bytes: Uint8Array, truncated: boolean, parsed: ParsedBody = parseBody(bytes)): BodyConclusions {
  const form = classify(parsed);
  const object = parsed.kind === 'object' ? parsed.value : null;
  const event = stringField(object, 'event');
  return {
    parsed,
    form,
    object,
    event,
    payoutType: payoutTypeOf(form, object),
    idempotencyKey: idempotencyKey(form, object),
    subject: subjectOf(form, object),
    eventTime: eventTimeOf(form, object),
    lifecycle: deliveryLifecycleKeys(form, object, event),
    findings: {
      body: bodyFindings(parsed, truncated, bytes.byteLength),
      form: object === null ? [] : bodyFormFindings(object, form),
    },
    signatureDigest: digestForLastSecret(bytes),
  };
}
