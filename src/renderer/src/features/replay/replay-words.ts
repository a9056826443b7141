import type { ReplayRecord } from '../../../../shared/replay';
import { statusClass } from '../../lib/words';
import type { HeaderChoice, ReplayOrder, SigningChoice, SigningMode } from './replay-fields';

export const signingWords: Record<SigningMode, string> = {
  keep: 'original signature',
  resign: 're-signed',
  wrong: 'wrong signature',
};

export const signingOptionWords: Record<SigningChoice, string> = {
  keep: 'keep the original',
  inForce: 're-sign with the secret in force',
  resign: 're-sign with another secret',
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
export const signingList = Object.keys(signingOptionWords) as SigningChoice[];

/** A replay's outcome as one token: its status code, or "error" when no answer came. */
export function replayStatus(record: ReplayRecord): string {
  return record.response ? String(record.response.status) : 'error';
}

/** The CSS tone of an answer (or of "error"). */
export function answerTone(status: string): string {
  const code = Number(status);
  return Number.isInteger(code) && code >= 100 ? `status-${statusClass(code)}` : 'status-server-error';
}
