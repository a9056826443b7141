import type { DeliveryIdEvidence, LifecycleKind } from '../../../shared/lifecycle';

export const lifecycleKindWords: Record<LifecycleKind, string> = {
  crypto_send: 'crypto send',
  crypto_form_b: 'form B send',
  gift_card_recipient: 'gift-card recipient',
  gift_card_payout: 'gift-card payout',
};

export const lifecycleKindExplanations: Record<LifecycleKind, string> = {
  crypto_send: 'A crypto send (form A), per external_send_id, ordered by occurred_at.',
  crypto_form_b: 'A crypto send in form B, per data.id; form B carries no event time, so events keep arrival order.',
  gift_card_recipient: 'A gift-card stream per payout order, recipient and subject type "recipient", ordered by updated_at.',
  gift_card_payout: 'A gift-card stream per payout_uuid (subject type "payout"), ordered by updated_at.',
};

/** Exhaustive by type (see words.ts): the complete list without importing zod at runtime. */
export const lifecycleKindList = Object.keys(lifecycleKindWords) as LifecycleKind[];

export type StatusTone = 'done' | 'failed' | 'stopped' | 'open' | 'none';

const tones: Record<string, StatusTone> = {
  completed: 'done',
  redeemed: 'done',
  failed: 'failed',
  expired: 'stopped',
  canceled: 'stopped',
};

/** The order summary's count key for recipients whose latest lifecycle reports no status. */
const noStatusKey = '(none)';

/** The colour family of a status; the badge always carries the status word too. */
export function statusTone(status: string | null): StatusTone {
  if (status === null || status === noStatusKey) return 'none';
  return tones[status] ?? 'open';
}

export function statusWord(status: string | null): string {
  return status === null || status === noStatusKey ? 'no status' : status.replaceAll('_', ' ');
}

export const evidenceVerdictWords: Record<DeliveryIdEvidence['verdict'], { title: string; detail: string }> = {
  fixed_across_retries: {
    title: 'Supports “fixed across retries”',
    detail:
      'In every duplicate group seen so far, all copies carried the same X-Service-Delivery. This fits the description that it stays fixed across retries and can serve as a deduplication key. It is evidence from the traffic captured here, not proof: the inspector cannot tell a retry from a second send.',
  },
  regenerated_per_attempt: {
    title: 'Supports “regenerated on every retry”',
    detail:
      'In every duplicate group with the header, the copies carried different X-Service-Delivery values. This fits the description that it is regenerated on every retry and must not be used for deduplication. It is evidence from the traffic captured here, not proof.',
  },
  mixed: {
    title: 'Mixed: neither description holds throughout',
    detail:
      'Some duplicate groups kept one X-Service-Delivery and others changed it. The captured traffic fits neither description alone; keep deduplicating on the key derived from the body (spec 6).',
  },
  no_evidence: {
    title: 'No evidence yet',
    detail:
      'No duplicate group with X-Service-Delivery headers has been captured yet, so the traffic says nothing about spec 4.1’s two descriptions. Duplicates will tell.',
  },
};
