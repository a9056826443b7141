import { sqlMigration } from './migration';

/**
 * How long after a request had arrived the receiver answered it (the handler's time when the answer waited for it, and
 * the policy's delay): past the service's read timeout (spec 8: 10 s) the service saw a failure, whatever the status,
 * which reconcile names. Null where not known: deliveries stored before, imported, or pulled from a relay.
 */
export const answerTime = sqlMigration('0022-answer-time', 'ALTER TABLE deliveries ADD COLUMN response_after_ms INTEGER');
