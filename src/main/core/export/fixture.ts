import { createHash } from 'node:crypto';
import { analyzeDelivery } from '../analysis/analyze-delivery';
import { signBody } from '../analysis/signature';
import { encodeBody } from './body-text';
import type { FixtureAnalysis, FixtureFile, FixtureSigning } from './fixture-format';
import { signatureOf, withContentLength, withSignature } from './fixture-headers';
import type { Redactor } from './fakes';
import { redactBody } from './redact';
import { redactRequestTarget, type RequestTarget } from './redact-request';
import type { StoredDelivery } from './selection';

export interface FixtureOptions {
  /** Re-sign with this secret (never the real one). */
  testSecret: string | null;
  /** Redact with these fakes, or not at all. */
  redactor: Redactor | null;
  keepSignatures: boolean;
}

type FixtureRequest = Omit<FixtureFile, 'analysis' | 'name' | 'bodyFile'>;

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
 * The fixture's own verdicts: as stored while its bytes, target and signature are the ones received,
 * else analyzed again over the fixture (with the test secret when re-signed, so its signature reads
 * valid; as stored when only the path, query or headers were redacted, as it signs the body alone).
 */
function analysisOf(delivery: StoredDelivery, fixture: FixtureRequest, body: Buffer, options: FixtureOptions): FixtureAnalysis {
  const originalSignature = fixture.signing === 'original';
  if (originalSignature && !fixture.redacted) return delivery.analysis;
  const analysis = analyzeDelivery(
    { method: fixture.method, path: fixture.path, query: fixture.query, headers: fixture.headers, body, bodyTruncated: fixture.bodyTruncated },
    options.testSecret,
  );
  return {
    form: analysis.form,
    event: analysis.event,
    payoutType: analysis.payoutType,
    deliveryId: analysis.deliveryId,
    signature: originalSignature ? delivery.analysis.signature : analysis.signature.verdict,
    idempotencyKey: analysis.idempotencyKey,
    findings: analysis.findings,
  };
}

function redacted(delivery: StoredDelivery, fake: Redactor | null): { body: Buffer; bodyChanged: boolean; target: RequestTarget; targetChanged: boolean } {
  if (fake === null) return { body: delivery.body, bodyChanged: false, target: delivery, targetChanged: false };
  const { body, changed: bodyChanged } = redactBody(delivery.body, fake);
  const { changed: targetChanged, ...target } = redactRequestTarget(delivery, fake);
  return { body, bodyChanged, target, targetChanged };
}

/** One delivery as a fixture: its JSON description and its exact (possibly redacted) body bytes. */
export function buildFixture(delivery: StoredDelivery, position: number, width: number, options: FixtureOptions): BuiltFixture {
  const { body, bodyChanged, target, targetChanged } = redacted(delivery, options.redactor);
  const signing = signingOf(options, bodyChanged);
  const signature =
    signing === 'resigned' ? signBody(body, options.testSecret!) : signing === 'original' ? signatureOf(target.headers) : null;
  let headers = signing === 'original' ? target.headers.map(([n, v]): [string, string] => [n, v]) : withSignature(target.headers, signature);
  headers = withContentLength(headers, body.byteLength);
  const encoded = encodeBody(body);
  const fixture: FixtureRequest = {
    sourceId: delivery.id,
    receivedAt: new Date(delivery.receivedAt).toISOString(),
    method: delivery.method,
    path: target.path,
    query: target.query,
    headers,
    signatureHeader: signature,
    signing,
    redacted: bodyChanged || targetChanged,
    body: encoded.text,
    bodyEncoding: encoded.encoding,
    bodySha256: bodyChanged ? createHash('sha256').update(body).digest('hex') : delivery.bodySha256,
    bodyTruncated: delivery.bodyTruncated,
    tls: delivery.tls,
    response: { status: delivery.response.status, reason: delivery.response.reason },
  };
  const analysis = analysisOf(delivery, fixture, body, options);
  // Named after the fixture's own event, so a redacted one names nothing it no longer says.
  const baseName = `${String(position).padStart(width, '0')}-${fileSafe(analysis.event ?? 'delivery')}`;
  return { baseName, body, json: { name: baseName, ...fixture, bodyFile: `${baseName}.body`, analysis } };
}
