import { scenariosOf } from 'payout-simulator/names';
import { z } from 'zod';
import { PayoutOrderRequest } from '../../../../../shared/service-api';
import type { Campaign } from '../campaigns';

/** The simulator's scenarios by payout type, as the optional `scenario` of a recipient. */
export const scenariosByPayoutType: Record<string, readonly string[]> = {
  crypto: scenariosOf('crypto'),
  gift_cards: scenariosOf('gift_cards'),
};

const RecipientFields = z.object({ email: z.string(), name: z.string(), amount: z.string(), currency: z.string(), scenario: z.string() });
export type RecipientFields = z.infer<typeof RecipientFields>;

/** POST /api/payout-orders as typed; null: the default, which follows the campaigns and the receiver until edited. */
export const PayoutFields = z.object({
  /** null: the first active campaign. */
  campaignId: z.string().nullable(),
  /** null: the campaign's wallet currency. */
  walletCurrency: z.string().nullable(),
  recipients: z.array(RecipientFields),
  /** null: the receiver's URL. */
  callbackUrl: z.string().nullable(),
});
export type PayoutFields = z.infer<typeof PayoutFields>;

/** What the null fields stand for now. */
export interface PayoutDefaults {
  campaignId: string | null;
  walletCurrency: string;
  callbackUrl: string;
}

/** The campaign the form pays from (the one picked, else the first active one), and what the null fields stand for. */
export function payoutDefaults(fields: Pick<PayoutFields, 'campaignId'>, campaigns: readonly Campaign[], receiverHttps: string | null) {
  const picked = campaigns.find((c) => c.uuid === fields.campaignId);
  const campaign = picked ?? (fields.campaignId === null ? (campaigns.find((c) => c.status === 'active') ?? null) : null);
  const defaults: PayoutDefaults = { campaignId: campaign?.uuid ?? null, walletCurrency: campaign?.walletCurrency ?? '', callbackUrl: defaultCallbackUrl(receiverHttps) };
  return { campaign, defaults };
}

export const newRecipient = (): RecipientFields => ({ email: '', name: '', amount: '', currency: '', scenario: '' });
export const emptyPayoutFields = (): PayoutFields => ({ campaignId: null, walletCurrency: null, recipients: [newRecipient()], callbackUrl: null });

/** The receiver's HTTPS URL with the path webhooks are sent to, the callback's default. */
export function defaultCallbackUrl(receiverHttps: string | null): string {
  return receiverHttps ? `${receiverHttps.replace(/\/+$/, '')}/webhooks` : '';
}

/** Spec 2.5: the callback is an absolute https: URL (the core refuses any other before sending). */
export const HttpsUrl = z.string().superRefine((text, ctx) => {
  const url = URL.parse(text);
  if (url === null) ctx.addIssue({ code: 'custom', message: 'The callback URL is not an absolute URL, e.g. https://your-tunnel.example/webhooks.' });
  else if (url.protocol !== 'https:') {
    ctx.addIssue({ code: 'custom', message: `The callback URL must be https:, not ${url.protocol} (spec 2.5). Use the receiver's HTTPS URL or an HTTPS tunnel.` });
  }
});

const requiredOfRecipient = ['email', 'name', 'amount'] as const;

/** The shared schema, with the form's own rules: each recipient named, paid and reached; the callback https. */
const PayoutRequest = PayoutOrderRequest.extend({
  recipients: PayoutOrderRequest.shape.recipients.superRefine((recipients, ctx) =>
    recipients.forEach((recipient, index) => {
      const missing = requiredOfRecipient.filter((field) => recipient[field] === '');
      if (missing.length > 0) ctx.addIssue({ code: 'custom', path: [index], message: `Recipient ${index + 1}: ${missing.join(', ')} required.` });
    }),
  ),
  callback_url: HttpsUrl.optional(),
});

/** The form turned into the request: the defaults filled in, blank recipient rows left out, every text trimmed. */
export function payoutFields(defaults: PayoutDefaults) {
  return PayoutFields.transform(({ campaignId, walletCurrency, recipients, callbackUrl }): z.input<typeof PayoutRequest> => {
    const callback = (callbackUrl ?? defaults.callbackUrl).trim();
    return {
      campaign_id: campaignId ?? defaults.campaignId ?? '',
      wallet_currency: (walletCurrency ?? defaults.walletCurrency).trim(),
      recipients: recipients.filter((recipient) => !isBlank(recipient)).map(recipientBody),
      ...(callback === '' ? {} : { callback_url: callback }),
    };
  }).pipe(PayoutRequest);
}

/** `{ email, name, amount, currency?, scenario? }`; the amount as a decimal string. */
function recipientBody(recipient: RecipientFields): Record<string, string> {
  const body: Record<string, string> = { email: recipient.email.trim(), name: recipient.name.trim(), amount: recipient.amount.trim() };
  if (recipient.currency.trim() !== '') body.currency = recipient.currency.trim();
  if (recipient.scenario !== '') body.scenario = recipient.scenario;
  return body;
}

function isBlank(recipient: RecipientFields): boolean {
  return [recipient.email, recipient.name, recipient.amount, recipient.currency].every((value) => value.trim() === '') && recipient.scenario === '';
}

/** What the shared schema's rules say in the form's words, by the field of the request. */
const sentences: Record<string, string> = {
  campaign_id: 'Pick a campaign.',
  wallet_currency: 'The wallet currency is required.',
  recipients: 'Add at least one recipient.',
};

/** What to fix before the order can be sent, a line each. */
export function payoutProblems(parsed: z.ZodSafeParseResult<unknown>): string[] {
  if (parsed.success) return [];
  const lines = parsed.error.issues.map((issue) => (issue.path.length === 1 ? (sentences[String(issue.path[0])] ?? issue.message) : issue.message));
  return [...new Set(lines)];
}
