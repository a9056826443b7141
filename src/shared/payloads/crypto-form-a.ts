import { z } from 'zod';
import { Iso8601, Uuid, nested } from './json-values';

/** Status values of a crypto send (spec 3). New values may appear. */
export const sendStatuses = ['in_progress', 'processing', 'completed', 'failed', 'expired', 'canceled'] as const;
export type SendStatus = (typeof sendStatuses)[number];
export const terminalSendStatuses: readonly SendStatus[] = ['completed', 'failed', 'expired', 'canceled'];

export function isSendStatus(value: unknown): value is SendStatus {
  return typeof value === 'string' && (sendStatuses as readonly string[]).includes(value);
}

export function isTerminalSendStatus(value: unknown): boolean {
  return isSendStatus(value) && terminalSendStatuses.includes(value);
}

/**
 * Crypto Form A, the detailed payout events (spec 2.3). `event` is typed as any string so that a new
 * event stays readable; whether it is one of the five detailed names is a separate check. `data` is
 * a SendRequest on quote_created/terminal_state and a QuoteActionData on quote_confirmed/quote_canceled.
 */
export const CryptoFormABody = z.looseObject({
  event: z.string(),
  payout_order_uuid: Uuid,
  recipient_email: z.string(),
  status: z.string(),
  occurred_at: Iso8601,
  external_send_id: z.string(),
  tx_hash: z.string().optional(),
  failure_reason: z.string().optional(),
  data: nested(z.looseObject({}).optional()),
});
export type CryptoFormABody = z.infer<typeof CryptoFormABody>;
