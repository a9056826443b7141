import { z } from 'zod';
import { scenarioNames } from '../model';

/** Largest recipients list one request may carry. */
export const maxRecipients = 100;

function isHttpsUrl(text: string): boolean {
  return URL.canParse(text) && new URL(text).protocol === 'https:';
}

function isHttpUrl(text: string): boolean {
  return URL.canParse(text) && ['https:', 'http:'].includes(new URL(text).protocol);
}

const requiredString = (what: string) =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : `must be a string (${what})`) });

/**
 * One recipient. `amount` is in the order's wallet currency: a decimal string ("25.00"); gift-card
 * orders also take a JSON number. `currency` (crypto: what the recipient is paid in), `scenario` and
 * `brand_uuid` (gift cards) are optional and otherwise drawn from the seed.
 */
export const RecipientInput = z.object({
  email: z.email({ error: 'must be an email address' }),
  name: requiredString('the recipient name').trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'),
  amount: z.union([z.string(), z.number()], { error: 'must be a decimal string such as "25.00"' }),
  currency: z.string({ error: 'must be a currency code' }).optional(),
  scenario: z.enum(scenarioNames, { error: `must be one of ${scenarioNames.join(', ')}` }).optional(),
  brand_uuid: z.string({ error: 'must be a string' }).optional(),
  /**
   * Simulator only, a deliberate fault for reconciliation tests: these events of the recipient are never sent (a
   * webhook the service lost); its payout in /api/payouts moves on all the same.
   */
  skip_events: z.array(z.string({ error: 'must be an event name' }), { error: 'must be a list of event names' }).max(20).optional(),
  /**
   * Simulator only, a deliberate fault: the status /api/payouts reports once the recipient's last event has occurred,
   * in place of the one its scenario ends in (the API moving on after the last webhook; any word, a new one too).
   */
  api_final_status: z.string({ error: 'must be a string' }).trim().min(1).max(50).optional(),
});
export type RecipientInput = z.infer<typeof RecipientInput>;

/** Spec 2.5. Unknown keys are ignored. */
export const PayoutOrderInput = z.object(
  {
    campaign_id: requiredString('a campaign uuid').min(1, 'must not be empty'),
    wallet_currency: requiredString('a currency code').min(1, 'must not be empty'),
    recipients: z
      .array(RecipientInput, { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a list') })
      .min(1, 'must list at least one recipient')
      .max(maxRecipients, `must list at most ${maxRecipients} recipients`),
    callback_url: z
      .string({ error: 'must be a string' })
      .refine(isHttpsUrl, 'must be an absolute https: URL')
      .nullable()
      .optional(),
  },
  { error: 'the body must be a JSON object' },
);
export type PayoutOrderInput = z.infer<typeof PayoutOrderInput>;

/** The same, where plain http:// callback URLs are allowed (the standalone program's --allow-http: a handler in CI). */
export const PayoutOrderInputPlainHttp = PayoutOrderInput.extend({
  callback_url: z.string({ error: 'must be a string' }).refine(isHttpUrl, 'must be an absolute https: or http: URL').nullable().optional(),
});

export interface FieldError {
  /** Dotted path into the request body, e.g. `recipients.0.email`; `(body)` for the body itself. */
  field: string;
  message: string;
}

export function fieldErrorsOf(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
}
