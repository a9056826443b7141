import { sendAttempt, unrestrictedEgress, type AttemptOutcome, type AttemptRequest } from '@webhook-inspector/http-attempt';

/** Sends one attempt of a webhook; where it may go is the host's to decide (the app: its egress policy). */
export type WebhookSender = (request: Omit<AttemptRequest, 'egress'>) => Promise<AttemptOutcome>;

/** The standalone program's sender: it has no egress policy of its own, so any address the callback URL names. */
export const plainSender: WebhookSender = (request) => sendAttempt({ ...request, egress: unrestrictedEgress });
