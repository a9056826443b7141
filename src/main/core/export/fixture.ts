import { createHash } from 'node:crypto';
import { analyzeDelivery } from '../analysis/analyze-delivery';
import { signBody } from '../analysis/signature';
import { encodeBody } from './body-text';
import type { FixtureAnalysis, FixtureFile, FixtureSigning } from './fixture-format';
import { signatureOf, withContentLength, withSignature } from './fixture-headers';
import { redactBody, type Redactor } from './redact';
import type { StoredDelivery } from './selection';

export interface FixtureOptions {
  /** Re-sign with this secret (never the real one). */
  testSecret: string | null;
  /** Redact with these fakes, or not at all. */
  redactor: Redactor | null;
  keepSignatures: boolean;
}

export interface BuiltFixture {
  baseName: string;
  json: FixtureFile;
  body: Buffer;
}

function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
}

function signingOf(options: FixtureOptions, redacted: boolean): FixtureSigning {
  if (options.testSecret !== null) return 'resigned';
  if (!options.keepSignatures) return 'stripped';
  // A signature over the bytes before redaction would only read as "invalid": leave none rather than a wrong one.
  return redacted ? 'dropped_after_redaction' : 'original';
}

/**
 * The fixture's own verdicts: as stored while its bytes and signature are the ones received, else
 * analyzed again over the fixture (with the test secret when re-signed, so its signature reads valid).
 */
function analysisOf(delivery: StoredDelivery, fixture: Omit<FixtureFile, 'analysis'>, body: Buffer, unchanged: boolean, testSecret: string | null): FixtureAnalysis {
  if (unchanged) return delivery.analysis;
  const analysis = analyzeDelivery(
    { method: fixture.method, path: fixture.path, query: fixture.query, headers: fixture.headers, body, bodyTruncated: fixture.bodyTruncated },
    testSecret,
  );
  return {
    form: analysis.form,
    event: analysis.event,
    payoutType: analysis.payoutType,
    deliveryId: analysis.deliveryId,
    signature: analysis.signature.verdict,
    idempotencyKey: analysis.idempotencyKey,
    findings: analysis.findings,
  };
}

/** One delivery as a fixture: its JSON description and its exact (possibly redacted) body bytes. */
export function buildFixture(delivery: StoredDelivery, position: number, width: number, options: FixtureOptions): BuiltFixture {
  const baseName = `${String(position).padStart(width, '0')}-${fileSafe(delivery.analysis.event ?? 'delivery')}`;
  const { body, changed: redacted } = options.redactor
    ? redactBody(delivery.body, options.redactor)
    : { body: delivery.body, changed: false };
  const signing = signingOf(options, redacted);
  const signature =
    signing === 'resigned' ? signBody(body, options.testSecret!) : signing === 'original' ? signatureOf(delivery.headers) : null;
  let headers = signing === 'original' ? delivery.headers : withSignature(delivery.headers, signature);
  if (redacted) headers = withContentLength(headers, body.byteLength);
  const encoded = encodeBody(body);
  const fixture: Omit<FixtureFile, 'analysis'> = {
    name: baseName,
    sourceId: delivery.id,
    receivedAt: new Date(delivery.receivedAt).toISOString(),
    method: delivery.method,
    path: delivery.path,
    query: delivery.query,
    headers,
    signatureHeader: signature,
    signing,
    redacted,
    body: encoded.text,
    bodyEncoding: encoded.encoding,
    bodyFile: `${baseName}.body`,
    bodySha256: redacted ? createHash('sha256').update(body).digest('hex') : delivery.bodySha256,
    bodyTruncated: delivery.bodyTruncated,
    tls: delivery.tls,
    response: { status: delivery.response.status, reason: delivery.response.reason },
  };
  const unchanged = !redacted && signing === 'original';
  return { baseName, body, json: { ...fixture, analysis: analysisOf(delivery, fixture, body, unchanged, options.testSecret) } };
}
