import { describe, expect, it } from 'vitest';
import { findingCatalog, type LifecycleFindingCode } from '../../../src/main/core/analysis/findings/catalog';
import { sendTxHash } from '../../../src/main/core/analysis/lifecycle';
import type { Lifecycle } from '../../../src/shared/lifecycle';
import {
  blockchainTransaction,
  formALifecycle,
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
import { at, codesOf, deliveries, rebuild, type Json } from './helpers';

const otherHash = '0x1111111111111111111111111111111111111111111111111111111111111111';
const created = formAQuoteCreated;
const crossCreated = () => formAQuoteCreated({ crossCurrency: true });
const withTxHash = (txHash = ids.txHash) => formATerminalCompleted({ txHash });

function findingsAt(lifecycle: Lifecycle, index: number) {
  return lifecycle.events[index]?.findings.map((f) => [f.code, f.path]);
}

describe('conformant sends (spec 3) raise no lifecycle finding', () => {
  const sends: Record<string, Json[]> = {
    'completed, then the tx_hash follow-up': formALifecycle(),
    'cross-currency, confirmed': [crossCreated(), formAQuoteConfirmed(), formAStatusChanged(), withTxHash()],
    'quote canceled': [created(), formAQuoteCanceled()],
    failed: [created(), formAStatusChanged(), formATerminalFailed()],
    expired: [created(), formATerminalUnfunded('expired')],
    'completed with tx_hash at once': [created(), formAStatusChanged('in_progress'), formAStatusChanged(), withTxHash()],
    'still open': [created()],
  };
  it.each(Object.entries(sends))('%s', (_name, bodies) => {
    expect(rebuild(bodies).findings).toEqual([]);
    expect(rebuild([...bodies].reverse()).findings).toEqual([]);
  });

  it('reports the current status and whether it is terminal', () => {
    expect(rebuild(formALifecycle())).toMatchObject({ currentStatus: 'completed', terminal: true });
    expect(rebuild([created(), formAQuoteCanceled()])).toMatchObject({ currentStatus: 'canceled', terminal: true });
    expect(rebuild([created(), formATerminalUnfunded('expired')])).toMatchObject({ currentStatus: 'expired', terminal: true });
    expect(rebuild([formAStatusChanged(), created()])).toMatchObject({ currentStatus: 'processing', terminal: false });
  });

  it('takes tx_hash from the follow-up terminal_state, whatever the arrival order', () => {
    const [a, b, c, d] = formALifecycle() as [Json, Json, Json, Json];
    expect(sendTxHash(deliveries([d, c, b, a]))).toBe(ids.txHash);
    expect(sendTxHash(deliveries([a, b, c]))).toBeNull();
  });
});

describe('the first event', () => {
  it('warns when no quote_created has been seen (it may still arrive)', () => {
    const lifecycle = rebuild([formATerminalCompleted(), formAStatusChanged()]);
    expect(findingsAt(lifecycle, 0)).toEqual([['lifecycle.quote_created_missing', '$.event']]);
    expect(lifecycle.findings).toEqual([expect.objectContaining({ severity: 'warning', path: 'events[0].event' })]);
  });

  it('is an error when quote_created comes later in event time than another event', () => {
    const lifecycle = rebuild([created(), at(formAStatusChanged(), '2026-03-02T08:59:00Z')]);
    expect(findingsAt(lifecycle, 1)).toEqual([['lifecycle.quote_created_not_first', '$.occurred_at']]);
    expect(codesOf(lifecycle)).toEqual(['lifecycle.quote_created_not_first']);
  });

  it('is an error to open the same send twice', () => {
    const lifecycle = rebuild([created(), at(created(), '2026-03-02T09:03:00Z')]);
    expect(findingsAt(lifecycle, 1)).toEqual([['lifecycle.quote_created_repeated', '$.event']]);
  });
});

describe('quote_confirmed', () => {
  it('is an error on a same-currency quote', () => {
    const lifecycle = rebuild([created(), formAQuoteConfirmed(), formAStatusChanged()]);
    expect(findingsAt(lifecycle, 1)).toEqual([['lifecycle.quote_confirmed_same_currency', '$.event']]);
    expect(lifecycle.findings[0]?.message).toContain('"USDC"');
  });

  it('falls back on input_to_sending_rate 1.0 when the currencies cannot be compared', () => {
    const snapshot = sendRequestSnapshot();
    const bare = (symbol: string) => ({ title: symbol });
    const quote = { ...created(), data: { ...snapshot, input_currency: bare('a'), sending_currency: bare('b') } };
    expect(codesOf(rebuild([quote, formAQuoteConfirmed()]))).toEqual(['lifecycle.quote_confirmed_same_currency']);
    const fx = { ...quote, data: { ...quote.data, input_to_sending_rate: '0.98' } };
    expect(codesOf(rebuild([fx, formAQuoteConfirmed()]))).toEqual([]);
  });

  it('uses the terminal snapshot when quote_created has not arrived', () => {
    const lifecycle = rebuild([formAQuoteConfirmed(), formATerminalCompleted()]);
    expect(codesOf(lifecycle)).toEqual(['lifecycle.quote_created_missing', 'lifecycle.quote_confirmed_same_currency']);
  });
});

describe('after quote_canceled', () => {
  it('flags every later event, even one that arrived first', () => {
    const later = formAStatusChanged();
    const lifecycle = rebuild([later, created(), formAQuoteCanceled()]);
    expect(findingsAt(lifecycle, 2)).toEqual([['lifecycle.event_after_quote_canceled', '$.occurred_at']]);
    expect(lifecycle.findings[0]?.message).toBe(
      'payout.status_changed (events[2]) comes after payout.quote_canceled (events[1]); a canceled quote\'s send goes no further.',
    );
  });
});

describe('status_changed', () => {
  it('is an error with a terminal status or with data', () => {
    const lifecycle = rebuild([created(), { ...formAStatusChanged('completed'), data: { remote: {} } }]);
    expect(findingsAt(lifecycle, 1)).toEqual([
      ['lifecycle.status_changed_terminal', '$.status'],
      ['lifecycle.status_changed_with_data', '$.data'],
    ]);
  });
});

describe('after terminal_state', () => {
  it('says a pending status_changed would be dropped', () => {
    const lifecycle = rebuild([created(), formATerminalFailed(), at(formAStatusChanged(), '2026-03-02T09:11:00Z')]);
    expect(findingsAt(lifecycle, 2)).toEqual([['lifecycle.event_after_terminal', '$.occurred_at']]);
    expect(lifecycle.findings[0]?.message).toContain('a pending status_changed would be dropped');
    expect(lifecycle.findings[0]?.path).toBe('events[2].occurred_at');
    // A terminal status is final: the later status_changed is shown, marked, and changes nothing.
    expect(lifecycle).toMatchObject({ currentStatus: 'failed', terminal: true });
    expect(lifecycle.events.map((e) => e.afterTerminal)).toEqual([false, false, true]);
  });

  it('judges "after" by occurred_at, never by arrival', () => {
    const lifecycle = rebuild([created(), formATerminalFailed(), formAStatusChanged()]);
    expect(lifecycle.findings).toEqual([]);
  });

  it('flags any other event after it', () => {
    const lifecycle = rebuild([created(), formATerminalFailed(), at(formAQuoteConfirmed(), '2026-03-02T09:11:00Z')]);
    expect(codesOf(lifecycle)).toEqual(['lifecycle.quote_confirmed_same_currency', 'lifecycle.event_after_terminal']);
  });

  it('ignores unrecognized events (spec 6 rule 6) but keeps them in the timeline', () => {
    const unknown = { ...at(formAStatusChanged(), '2026-03-02T09:20:00Z'), event: 'payout.rebroadcast', payout_type: 'crypto' };
    const lifecycle = rebuild([...formALifecycle(), unknown]);
    expect(lifecycle.events.at(-1)?.event).toBe('payout.rebroadcast');
    expect(lifecycle.findings).toEqual([]);
  });
});

describe('a second terminal_state', () => {
  it('is fine as the completed-without-tx_hash → with-tx_hash follow-up, in either arrival order', () => {
    expect(rebuild([withTxHash(), formATerminalCompleted(), created()]).findings).toEqual([]);
  });

  it('is an error otherwise', () => {
    const cases: Json[][] = [
      [created(), formATerminalCompleted(), at(formATerminalFailed(), '2026-03-02T09:11:00Z')],
      [created(), at(withTxHash(), '2026-03-02T09:10:00Z'), at(withTxHash(), '2026-03-02T09:11:00Z')],
      [created(), withTxHash(), at(formATerminalCompleted(), '2026-03-02T09:13:00Z')],
      [created(), formATerminalFailed(), at(formATerminalUnfunded('canceled'), '2026-03-02T09:11:00Z')],
    ];
    for (const bodies of cases) expect(codesOf(rebuild(bodies))).toEqual(['lifecycle.terminal_state_repeated']);
  });

  it('allows one follow-up only', () => {
    const lifecycle = rebuild([...formALifecycle(), at(withTxHash(), '2026-03-02T09:14:00Z')]);
    expect(findingsAt(lifecycle, 4)).toEqual([['lifecycle.terminal_state_repeated', '$.event']]);
  });
});

describe('tx_hash', () => {
  it('is an error when it differs from data.blockchain_transactions[0].txid', () => {
    const snapshot = sendRequestSnapshot({ status: 'completed', blockchainTransactions: [blockchainTransaction(otherHash)] });
    const mismatch = { ...withTxHash(), data: snapshot };
    const lifecycle = rebuild([created(), formATerminalCompleted(), mismatch]);
    expect(findingsAt(lifecycle, 2)).toEqual([['lifecycle.tx_hash_txid_mismatch', '$.tx_hash']]);
    expect(sendTxHash(deliveries([created(), formATerminalCompleted(), mismatch]))).toBe(ids.txHash);
  });
});

describe('lifecycle finding codes', () => {
  const cases: Record<LifecycleFindingCode, Json[]> = {
    'lifecycle.event_time_unusable': [created(), at(formAStatusChanged(), 'soon')],
    'lifecycle.quote_created_missing': [formAStatusChanged()],
    'lifecycle.quote_created_not_first': [created(), at(formAStatusChanged(), '2026-03-02T08:00:00Z')],
    'lifecycle.quote_created_repeated': [created(), at(created(), '2026-03-02T09:00:02Z')],
    'lifecycle.quote_confirmed_same_currency': [created(), formAQuoteConfirmed()],
    'lifecycle.event_after_quote_canceled': [created(), formAQuoteCanceled(), formATerminalFailed()],
    'lifecycle.status_changed_terminal': [created(), formAStatusChanged('failed')],
    'lifecycle.status_changed_with_data': [created(), { ...formAStatusChanged(), data: {} }],
    'lifecycle.event_after_terminal': [created(), formATerminalFailed(), at(formAStatusChanged(), '2026-03-03T00:00:00Z')],
    'lifecycle.terminal_state_repeated': [created(), formATerminalFailed(), withTxHash()],
    'lifecycle.tx_hash_txid_mismatch': [created(), { ...formATerminalCompleted(), tx_hash: otherHash }],
  };

  it('covers every lifecycle code of the catalog', () => {
    const lifecycleCodes = Object.keys(findingCatalog).filter((code) => code.startsWith('lifecycle.'));
    expect(Object.keys(cases).sort()).toEqual(lifecycleCodes.sort());
  });

  it.each(Object.entries(cases))('%s fires with its catalog severity, an event path and one line', (code, bodies) => {
    const lifecycle = rebuild(bodies);
    const hits = lifecycle.findings.filter((f) => f.code === code);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      expect(hit.severity).toBe(findingCatalog[code as LifecycleFindingCode]);
      expect(hit.path).toMatch(/^events\[\d+\](\.|$)/);
      expect(hit.message).not.toMatch(/\n/);
    }
    const perEvent = lifecycle.events.flatMap((e) => e.findings);
    expect(perEvent.map((f) => f.code)).toEqual(lifecycle.findings.map((f) => f.code));
    for (const f of perEvent) expect(f.path).toMatch(/^\$/);
  });
});
