/**
 * @webhook-inspector/service-signature: the payout service's webhook signature (spec 5), written once: the
 * simulator signs with it, the inspector verifies with it. May import Node built-ins only; never the app (src/)
 * or another package.
 */
import { createHmac } from 'node:crypto';

/** A well-formed header value: `sha256=` and the 64 hex digits of HMAC-SHA256 (hex is case-insensitive). */
export const wellFormedSignature = /^sha256=([0-9a-fA-F]{64})$/;

/** HMAC-SHA256 of the exact body bytes with the account's signing secret, as lowercase hex. */
export function signatureDigest(body: Uint8Array, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/** The X-Service-Signature value the service sends for this body: `sha256=<lowercase hex>`. */
export function signBody(body: Uint8Array, secret: string): string {
  return `sha256=${signatureDigest(body, secret)}`;
}
