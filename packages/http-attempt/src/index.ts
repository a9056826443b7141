/**
 * @webhook-inspector/http-attempt: one HTTP attempt with the exact bytes and headers given (connect and read timeouts,
 * a pinned self-signed certificate, no redirects), through an egress hook that resolves and checks the address first.
 * May import Node built-ins only; never the app (src/) or another package.
 */
export { AttemptError, attemptErrorOf, untrustedCertificate, type AttemptErrorKind } from './attempt-error';
export { bareAddress, EgressRefused, resolveOnce, systemResolver, unrestrictedEgress, type CheckedAddress, type Egress, type Resolver } from './egress';
export { normalizeFingerprint, openConnection, targetHostPort, type ConnectionOptions } from './open-connection';
export { sendAttempt, type AttemptOutcome, type AttemptRequest, type AttemptResponse } from './send-attempt';
