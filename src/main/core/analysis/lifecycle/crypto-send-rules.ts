import { isTerminalSendStatus } from '../../../../shared/payloads/crypto-form-a';
import { isDetailedCryptoEvent } from '../../../../shared/payloads/events';
import type { Finding } from '../../../../shared/verdicts';
import { finding } from '../findings/catalog';
import { quote } from '../findings/text';
import type { OrderedEvent } from './ordered-events';

/**
 * Spec 3's rules over one crypto send's events, in event-time order. Returns each event's findings
 * (paths into that event's body). "Before" and "after" are event time: events without a readable
 * occurred_at take no part in the ordering rules. Unrecognized events are ignored (spec 6 rule 6).
 */
export function cryptoSendFindings(events: readonly OrderedEvent[]): Finding[][] {
  const perEvent: Finding[][] = events.map(() => []);
  const detailed = events.flatMap((event, index) => (isDetailedCryptoEvent(event.event) ? [index] : []));
  const timed = detailed.filter((index) => events[index]?.instant !== null);
  const add = (index: number, f: Finding) => perEvent[index]?.push(f);
  quoteCreatedRules(events, detailed, timed, add);
  quoteConfirmedRule(events, detailed, add);
  quoteCanceledRule(events, timed, add);
  statusChangedRules(events, detailed, add);
  terminalStateRules(events, timed, add);
  txHashRule(events, detailed, add);
  return perEvent;
}

type Add = (index: number, f: Finding) => void;

const named = (events: readonly OrderedEvent[], index: number) => `${events[index]?.event ?? 'event'} (events[${index}])`;

function quoteCreatedRules(events: readonly OrderedEvent[], detailed: number[], timed: number[], add: Add): void {
  const quotes = detailed.filter((index) => events[index]?.event === 'payout.quote_created');
  const firstDetailed = detailed[0];
  if (quotes.length === 0) {
    if (firstDetailed !== undefined) {
      add(
        firstDetailed,
        finding('lifecycle.quote_created_missing', '$.event', 'No payout.quote_created opens this send (yet); it may still arrive.'),
      );
    }
    return;
  }
  const firstTimedQuote = timed.find((index) => events[index]?.event === 'payout.quote_created');
  const earlier = firstTimedQuote === undefined ? 0 : timed.indexOf(firstTimedQuote);
  if (firstTimedQuote !== undefined && earlier > 0) {
    add(
      firstTimedQuote,
      finding(
        'lifecycle.quote_created_not_first',
        '$.occurred_at',
        `payout.quote_created is the earliest event of a send, but ${earlier} event(s) precede it in occurred_at.`,
      ),
    );
  }
  for (const index of quotes.slice(1)) {
    add(
      index,
      finding(
        'lifecycle.quote_created_repeated',
        '$.event',
        `A second payout.quote_created for this external_send_id (the first is events[${quotes[0]}]); a new quote gets a new id.`,
      ),
    );
  }
}

/** The quote's snapshot: quote_created's data, else a terminal_state's (both carry the send request). */
function quoteSnapshot(events: readonly OrderedEvent[], detailed: number[]): OrderedEvent['quote'] {
  const withData = (eventName: string) =>
    detailed
      .map((index) => events[index])
      .filter((event) => event?.event === eventName)
      .map((event) => event?.quote ?? null)
      .find((quote) => quote !== null);
  return withData('payout.quote_created') ?? withData('payout.terminal_state') ?? null;
}

function quoteConfirmedRule(events: readonly OrderedEvent[], detailed: number[], add: Add): void {
  const confirmations = detailed.filter((index) => events[index]?.event === 'payout.quote_confirmed');
  if (confirmations.length === 0) return;
  const snapshot = quoteSnapshot(events, detailed);
  if (snapshot === null || !snapshot.sameCurrency) return;
  const currency = snapshot.symbol === null ? 'one currency' : quote(snapshot.symbol);
  for (const index of confirmations) {
    add(
      index,
      finding(
        'lifecycle.quote_confirmed_same_currency',
        '$.event',
        `payout.quote_confirmed on a same-currency quote (${currency} in and out); it fires only when an FX exchange occurred.`,
      ),
    );
  }
}

function quoteCanceledRule(events: readonly OrderedEvent[], timed: number[], add: Add): void {
  const canceled = timed.find((index) => events[index]?.event === 'payout.quote_canceled');
  if (canceled === undefined) return;
  for (const index of timed.filter((i) => i > canceled)) {
    add(
      index,
      finding(
        'lifecycle.event_after_quote_canceled',
        '$.occurred_at',
        `${named(events, index)} comes after payout.quote_canceled (events[${canceled}]); a canceled quote's send goes no further.`,
      ),
    );
  }
}

function statusChangedRules(events: readonly OrderedEvent[], detailed: number[], add: Add): void {
  for (const index of detailed) {
    const event = events[index];
    if (event?.event !== 'payout.status_changed') continue;
    if (isTerminalSendStatus(event.status)) {
      add(
        index,
        finding(
          'lifecycle.status_changed_terminal',
          '$.status',
          `payout.status_changed reports the terminal status ${quote(event.status ?? '')}; only payout.terminal_state does.`,
        ),
      );
    }
    if (event.hasData) {
      add(index, finding('lifecycle.status_changed_with_data', '$.data', 'payout.status_changed carries "data"; it has none.'));
    }
  }
}

/** Spec 3 rule 1: a completed terminal_state without tx_hash may be followed once by one carrying it. */
function isTxHashFollowUp(first: OrderedEvent | undefined, second: OrderedEvent | undefined): boolean {
  if (first === undefined || second === undefined) return false;
  return first.status === 'completed' && !first.hasTxHash && second.status === 'completed' && second.txHash !== null;
}

function terminalStateRules(events: readonly OrderedEvent[], timed: number[], add: Add): void {
  const terminals = timed.filter((index) => events[index]?.event === 'payout.terminal_state');
  const first = terminals[0];
  if (first === undefined) return;
  const second = terminals[1];
  const followUp = second !== undefined && isTxHashFollowUp(events[first], events[second]) ? second : undefined;
  for (const index of timed.filter((i) => i > first && i !== followUp)) {
    const event = events[index];
    if (event?.event === 'payout.terminal_state') {
      add(
        index,
        finding(
          'lifecycle.terminal_state_repeated',
          '$.event',
          `Another payout.terminal_state after events[${first}]; only a completed send without tx_hash gets one follow-up with it.`,
        ),
      );
    } else {
      const dropped = event?.event === 'payout.status_changed' ? ': a pending status_changed would be dropped' : '';
      add(
        index,
        finding(
          'lifecycle.event_after_terminal',
          '$.occurred_at',
          `${named(events, index)} comes after payout.terminal_state (events[${first}])${dropped}.`,
        ),
      );
    }
  }
}

function txHashRule(events: readonly OrderedEvent[], detailed: number[], add: Add): void {
  for (const index of detailed) {
    const event = events[index];
    const txHash = event?.txHash ?? null;
    if (event?.event !== 'payout.terminal_state' || txHash === null) continue;
    const txid = event.firstTxid;
    if (txid === txHash) continue;
    const seen = txid === null ? 'there is no data.blockchain_transactions[0].txid' : `the first txid is ${quote(txid)}`;
    add(index, finding('lifecycle.tx_hash_txid_mismatch', '$.tx_hash', `tx_hash is ${quote(txHash)} but ${seen}.`));
  }
}

/** The send's tx_hash: the latest terminal_state carrying one, since the follow-up is authoritative (spec 3 rule 1). */
export function authoritativeTxHash(events: readonly OrderedEvent[]): string | null {
  for (let index = events.length - 1; index >= 0; index--) {
    const event = events[index];
    const txHash = event?.event === 'payout.terminal_state' ? event.txHash : null;
    if (txHash !== null) return txHash;
  }
  return null;
}
