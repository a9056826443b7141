import { createHash } from 'node:crypto';
import type { Egress } from '../outbound/egress-policy';
import { sendAttempt, type AttemptErrorKind } from '@webhook-inspector/http-attempt';
import type { ReplayDraft } from '../store/writer';
import { certificateRemedy, type SendKind } from './certificate-remedy';

/** How a replay or forward behaves on the wire: the service's timeouts (spec 8) and how much of the answer is kept. */
export interface SenderLimits {
  connectTimeoutMs: number;
  readTimeoutMs: number;
  responseBodyCapBytes: number;
}

export const defaultSenderLimits: SenderLimits = {
  connectTimeoutMs: 5_000,
  readTimeoutMs: 10_000,
  responseBodyCapBytes: 64 * 1024,
};

export interface OutgoingRequest {
  url: URL;
  /** The request line's path and query as they go on the wire, when `url` would respell them (a forward's appended path). */
  requestPath?: string;
  method: string;
  /** Exactly what goes on the wire besides Host and Content-Length. */
  headers: Array<[string, string]>;
  body: Uint8Array;
  allowSelfSigned: boolean;
  /** A replay or a forward: an error about the target's certificate names where each one accepts it. */
  kind: SendKind;
  /** The core's egress policy (with the forward loop guard for a forward). */
  egress: Egress;
}

export type SentReplay = Pick<ReplayDraft, 'startedAt' | 'url' | 'request' | 'response' | 'error' | 'durationMs'> & {
  /** The egress policy refused the target: nothing was sent, `error` says why. */
  refused: boolean;
  /** Why no (complete) answer came: a read timeout is not a connection failure (spec 8). */
  errorKind: AttemptErrorKind | null;
};

/** The URL a request went to, its path and query as they were sent. */
export function sentUrl(out: Pick<OutgoingRequest, 'url' | 'requestPath'>): string {
  if (out.requestPath === undefined) return out.url.href;
  const { href, pathname, search, hash } = out.url;
  return `${href.slice(0, href.length - pathname.length - search.length - hash.length)}${out.requestPath}`;
}

/** Sends one stored request like the service would (no redirect followed) and describes what happened. Never throws. */
export async function sendReplay(out: OutgoingRequest, limits: SenderLimits, signal: AbortSignal): Promise<SentReplay> {
  const startedAt = new Date().toISOString();
  const body = Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength);
  const outcome = await sendAttempt({
    target: out.url,
    path: out.requestPath,
    method: out.method,
    body,
    headers: out.headers,
    connectTimeoutMs: limits.connectTimeoutMs,
    readTimeoutMs: limits.readTimeoutMs,
    trustedFingerprint: null,
    acceptAnyCertificate: out.allowSelfSigned,
    responseBodyCapBytes: limits.responseBodyCapBytes,
    signal,
    egress: out.egress,
  });
  const answer = outcome.kind === 'response' ? outcome : outcome.partial;
  return {
    startedAt,
    url: sentUrl(out),
    request: {
      method: out.method,
      headers: out.headers,
      bodySha256: createHash('sha256').update(body).digest('hex'),
      bodySize: body.byteLength,
    },
    response: answer && {
      status: answer.statusCode,
      headers: answer.headers,
      body: answer.body,
      // A target that stalled mid-body gave only part of it.
      bodyTruncated: answer.bodyTruncated || outcome.kind === 'error',
    },
    error: outcome.kind !== 'error' ? null : outcome.errorKind === 'certificate' ? `${outcome.error} ${certificateRemedy[out.kind]}` : outcome.error,
    durationMs: outcome.durationMs,
    refused: outcome.kind === 'error' && outcome.errorKind === 'refused',
    errorKind: outcome.kind === 'error' ? outcome.errorKind : null,
  };
}
