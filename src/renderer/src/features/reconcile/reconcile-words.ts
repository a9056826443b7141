import type { ReconcileClass, ReconcileReason, RetryWindow } from '../../../../shared/reconcile';

export const classWords: Record<ReconcileClass, { label: string; help: string }> = {
  agrees: { label: 'Agrees', help: 'The webhooks heard say what the API says.' },
  behind: { label: 'Behind', help: 'The API is further along than the last webhook heard: the events that should have come are named.' },
  contradicts: { label: 'Contradicts', help: 'A terminal webhook says one status, the API another.' },
  never_heard: { label: 'Never heard', help: 'The API lists it; no webhook about it was accepted.' },
  unknown_to_api: { label: 'Unknown to the API', help: 'Webhooks for a payout the API does not list: another account, test traffic, or forged.' },
};

export const reasonWords: Record<ReconcileReason['kind'], string> = {
  answered_4xx: 'Answered 4xx',
  answered_5xx: 'Answered 5xx',
  answered_3xx: 'Answered 3xx',
  answered_late: 'Answered too late',
  signature_rejected: 'Signature rejected',
  receiver_down: 'Receiver not running',
  relay_source_down: 'Relay source down',
  no_attempt: 'No attempt reached it',
  no_callback_url: 'No callback URL',
  records_begin_later: 'Not in the records',
};

export const retryWords: Record<RetryWindow['state'], string> = {
  within: 'In the retry window',
  beyond: 'Beyond the retry window',
  not_sent: 'Nothing sent',
  unknown: 'Retry window unknown',
};
