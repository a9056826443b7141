import type { ReplayRecord } from '../../../../shared/replay';
import { statusClass } from '../../lib/words';
import type { HeaderChoice, ReplayOrder, SigningMode } from './replay-draft';

export const signingWords: Record<SigningMode, string> = {
  keep: 'original signature',
  resign: 're-signed',
  wrong: 'wrong signature',
};

export const signingOptionWords: Record<SigningMode, string> = {
  keep: 'keep the original',
  resign: 're-sign with a secret',
  wrong: 'deliberately wrong',
};

export const headerChoiceWords: Record<HeaderChoice, string> = {
  keep: 'keep as stored',
  regenerate: 'regenerate',
};

export const orderWords: Record<ReplayOrder, string> = {
  event_time: 'in event-time order',
  arrival: 'in arrival order',
  shuffled: 'shuffled (seeded)',
  twice: 'each twice',
};

export const orderList = Object.keys(orderWords) as ReplayOrder[];
export const signingList = Object.keys(signingWords) as SigningMode[];

/** A replay's outcome as one token: its status code, or "error" when no answer came. */
export function replayStatus(record: ReplayRecord): string {
  return record.response ? String(record.response.status) : 'error';
}

/** The CSS tone of an answer (or of "error"). */
export function answerTone(status: string): string {
  const code = Number(status);
  return Number.isInteger(code) && code >= 100 ? `status-${statusClass(code)}` : 'status-server-error';
}
