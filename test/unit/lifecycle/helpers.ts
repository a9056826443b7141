import { classify } from '../../../src/main/core/analysis/classify';
import { idempotencyKey } from '../../../src/main/core/analysis/idempotency';
import { lifecycleKeys, reconstructLifecycle, type LifecycleDelivery } from '../../../src/main/core/analysis/lifecycle';
import { parseBody } from '../../../src/main/core/analysis/parse-body';
import type { Lifecycle } from '../../../src/shared/lifecycle';
import {
  blockchainTransaction,
  bodyText,
  formAQuoteCanceled,
  formAQuoteConfirmed,
  formAQuoteCreated,
  formAStatusChanged,
  formATerminalCompleted,
  formATerminalFailed,
  formATerminalUnfunded,
  ids,
  sendRequestSnapshot,
} from '../../fixtures/payloads';

export type Json = Record<string, unknown>;

/** The body with its event time moved: occurred_at on Form A, updated_at on gift cards. */
export function at(body: Json, time: string): Json {
  return body.payout_type === 'gift_cards' ? { ...body, updated_at: time } : { ...body, occurred_at: time };
}

export type StoredDelivery = LifecycleDelivery & { lifecycleKey: string | null; kind: Lifecycle['kind'] | null };

/** What the spine stores for a body: its bytes, idempotency key and lifecycle keys. */
export function stored(body: Json | string, id: number): StoredDelivery {
  const bytes = new TextEncoder().encode(typeof body === 'string' ? body : bodyText(body));
  const parsed = parseBody(bytes);
  const value = parsed.kind === 'object' ? parsed.value : null;
  const form = classify(parsed);
  const keys = lifecycleKeys(form, value);
  return { id, body: bytes, idempotencyKey: idempotencyKey(form, value), lifecycleKey: keys.lifecycleKey, kind: keys.kind };
}

/** Bodies in arrival order become deliveries 1, 2, 3, … */
export function deliveries(bodies: ReadonlyArray<Json | string>): LifecycleDelivery[] {
  return bodies.map((body, index) => stored(body, index + 1));
}

/** The lifecycle the bodies (in arrival order, all of one send or stream) rebuild into. */
export function rebuild(bodies: ReadonlyArray<Json | string>): Lifecycle {
  const list = bodies.map((body, index) => stored(body, index + 1));
  const first = list.find((d) => d.lifecycleKey !== null);
  if (!first?.lifecycleKey || !first.kind) throw new Error('no lifecycle key in these bodies');
  return reconstructLifecycle(first.lifecycleKey, first.kind, list);
}

export const eventNames = (lifecycle: Lifecycle) => lifecycle.events.map((e) => e.event);
export const codesOf = (lifecycle: Lifecycle) => lifecycle.findings.map((f) => f.code);

/** Form A events, conformant and not, so that the findings vary from run to run. */
export const formAEventBodies: Record<string, () => Json> = {
  created: () => formAQuoteCreated(),
  createdCross: () => formAQuoteCreated({ crossCurrency: true }),
  confirmed: () => formAQuoteConfirmed(),
  canceled: () => formAQuoteCanceled(),
  processing: () => formAStatusChanged('processing'),
  inProgress: () => formAStatusChanged('in_progress'),
  changedTerminal: () => formAStatusChanged('completed'),
  changedWithData: () => ({ ...formAStatusChanged(), data: { remote: {} } }),
  completed: () => formATerminalCompleted(),
  completedTx: () => formATerminalCompleted({ txHash: ids.txHash }),
  completedTxMismatch: () => ({
    ...formATerminalCompleted({ txHash: ids.txHash }),
    data: sendRequestSnapshot({ status: 'completed', blockchainTransactions: [blockchainTransaction('0xabc')] }),
  }),
  failed: () => formATerminalFailed(),
  expired: () => formATerminalUnfunded('expired'),
  unknown: () => ({ ...formAStatusChanged(), event: 'payout.rebroadcast', payout_type: 'crypto' }),
};
