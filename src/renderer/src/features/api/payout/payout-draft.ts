import { scenariosOf } from 'payout-simulator/names';
import type { PayoutOrderRequest } from '../../../../../shared/service-api';

/** The simulator's scenarios by payout type, as the optional `scenario` of a recipient. */
export const scenariosByPayoutType: Record<string, readonly string[]> = {
  crypto: scenariosOf('crypto'),
  gift_cards: scenariosOf('gift_cards'),
};

export interface RecipientDraft {
  /** Stable across edits, for React keys. */
  id: number;
  email: string;
  name: string;
  amount: string;
  currency: string;
  scenario: string;
}

export interface PayoutDraft {
  /** null: the first active campaign. */
  campaignId: string | null;
  /** null: the campaign's wallet currency. */
  walletCurrency: string | null;
  recipients: RecipientDraft[];
  /** null: the receiver's URL. */
  callbackUrl: string | null;
}

/** The draft with its defaults filled in: what the form shows and sends. */
export interface ResolvedDraft {
  campaignId: string | null;
  walletCurrency: string;
  recipients: RecipientDraft[];
  callbackUrl: string;
}

let nextRecipientId = 1;

export function newRecipient(): RecipientDraft {
  return { id: nextRecipientId++, email: '', name: '', amount: '', currency: '', scenario: '' };
}

export function emptyPayoutDraft(): PayoutDraft {
  return { campaignId: null, walletCurrency: null, recipients: [newRecipient()], callbackUrl: null };
}

/** The receiver's HTTPS URL with the path webhooks are sent to, the callback's default. */
export function defaultCallbackUrl(receiverHttps: string | null): string {
  return receiverHttps ? `${receiverHttps.replace(/\/+$/, '')}/webhooks` : '';
}

/** Spec 2.5: an absolute https: URL, checked before the order is sent. Empty: no callback (no webhooks). */
export function callbackUrlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return 'The callback URL is not an absolute URL, e.g. https://your-tunnel.example/webhooks.';
  }
  if (url.protocol !== 'https:') return `The callback URL must be https:, not ${url.protocol} (spec 2.5). Use the receiver's HTTPS URL or an HTTPS tunnel.`;
  return null;
}

export type DraftCheck = { ok: true; request: PayoutOrderRequest } | { ok: false; problems: string[] };

/** The request the draft makes, or what to fix first (the service checks the rest and says so in its answer). */
export function requestFromDraft(draft: ResolvedDraft): DraftCheck {
  const { callbackUrl } = draft;
  const problems: string[] = [];
  if (!draft.campaignId) problems.push('Pick a campaign.');
  if (draft.walletCurrency.trim() === '') problems.push('The wallet currency is required.');
  const callbackProblem = callbackUrlProblem(callbackUrl);
  if (callbackProblem) problems.push(callbackProblem);
  const filled = draft.recipients.filter((recipient) => !isBlank(recipient));
  if (filled.length === 0) problems.push('Add at least one recipient.');
  filled.forEach((recipient, index) => {
    const missing = (['email', 'name', 'amount'] as const).filter((field) => recipient[field].trim() === '');
    if (missing.length > 0) problems.push(`Recipient ${index + 1}: ${missing.join(', ')} required.`);
  });
  if (problems.length > 0 || !draft.campaignId) return { ok: false, problems };
  const request: PayoutOrderRequest = {
    campaign_id: draft.campaignId,
    wallet_currency: draft.walletCurrency.trim(),
    recipients: filled.map(recipientBody),
  };
  if (callbackUrl.trim() !== '') request.callback_url = callbackUrl.trim();
  return { ok: true, request };
}

/** `{ email, name, amount, currency?, scenario? }`; the amount as a decimal string. */
function recipientBody(recipient: RecipientDraft): Record<string, unknown> {
  const body: Record<string, unknown> = { email: recipient.email.trim(), name: recipient.name.trim(), amount: recipient.amount.trim() };
  if (recipient.currency.trim() !== '') body.currency = recipient.currency.trim();
  if (recipient.scenario !== '') body.scenario = recipient.scenario;
  return body;
}

function isBlank(recipient: RecipientDraft): boolean {
  return [recipient.email, recipient.name, recipient.amount, recipient.currency].every((value) => value.trim() === '') && recipient.scenario === '';
}
