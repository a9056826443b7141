import { blockchainTransaction, sendRequestSnapshot, type CryptoSend, type TransactionStatus } from './crypto-send';
import type { Json } from './json-text';
import type { RecipientContext } from './recipient-context';

export type TerminalStatus = 'completed' | 'failed' | 'expired';

/** The events of one crypto send (one external_send_id), in Form A or Form B (spec 2.3, 3). */
export class CryptoSendStream {
  readonly streamKey: string;

  constructor(
    private readonly ctx: RecipientContext,
    readonly send: CryptoSend,
  ) {
    this.streamKey = ctx.streamKey('send', send.externalSendId);
  }

  private formA(event: string, status: string, at: Date, extra: Json = {}): void {
    const body = {
      event,
      payout_order_uuid: this.ctx.order.uuid,
      recipient_email: this.ctx.recipient.email,
      status,
      occurred_at: at.toISOString(),
      external_send_id: this.send.externalSendId,
      ...extra,
    };
    this.ctx.emit(this.streamKey, body, at);
  }

  quoteCreated(at: Date): void {
    this.formA('payout.quote_created', 'in_progress', at, { data: sendRequestSnapshot(this.send, 'in_progress', []) });
  }

  /** Only on cross-currency sends: the FX exchange was confirmed. `remote` is our choice (spec: not shown). */
  quoteConfirmed(at: Date): void {
    const remote = {
      success: true,
      exchange_id: this.send.transaction.id + 1,
      rate: this.send.quote.inputToSendingRate,
      confirmed_at: at.toISOString(),
    };
    this.formA('payout.quote_confirmed', 'processing', at, { data: { remote } });
  }

  /** Canceled is terminal: no terminal_state follows a quote_canceled (spec 3: terminal_state leaves a non-terminal status). */
  quoteCanceled(at: Date): void {
    this.formA('payout.quote_canceled', 'canceled', at, { data: { remote: { success: true, canceled_at: at.toISOString() } } });
  }

  statusChanged(status: 'processing', at: Date): void {
    this.formA('payout.status_changed', status, at);
  }

  terminal(status: TerminalStatus, at: Date, outcome: { txHash?: boolean; failureReason?: string } = {}): void {
    const transactions = outcome.txHash ? [blockchainTransaction(this.send, 'confirmed')] : [];
    this.formA('payout.terminal_state', status, at, {
      ...(outcome.txHash ? { tx_hash: this.send.transaction.txid } : {}),
      ...(outcome.failureReason === undefined ? {} : { failure_reason: outcome.failureReason }),
      data: sendRequestSnapshot(this.send, status, transactions),
    });
  }

  /** Form B: the provider's send request passed through unchanged, its status the provider's own. */
  wrapper(event: 'payout.processing' | 'payout.failed', providerStatus: string, transaction: TransactionStatus | null, at: Date): void {
    const transactions = transaction === null ? [] : [blockchainTransaction(this.send, transaction)];
    this.ctx.emit(this.streamKey, { event, payout_type: 'crypto', data: sendRequestSnapshot(this.send, providerStatus, transactions) }, at);
  }

  /**
   * A recipient-domain event no receiver knows yet (spec 6: names and payloads not shown). It carries Form A's
   * common fields plus payout_type, so a receiver can route it, find it unknown and ignore it.
   */
  unknownRecipientEvent(status: string, at: Date): void {
    this.formA('recipient.wallet_verified', status, at, { payout_type: 'crypto' });
  }
}
