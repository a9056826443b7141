import type { ScenarioName } from '../model';
import { drawBeneficiary, openCryptoSend, type Beneficiary } from './crypto-send';
import { CryptoSendStream } from './crypto-send-stream';
import type { RecipientContext } from './recipient-context';
import { quoteSend } from './send-quote';
import { currencyInfo } from './currencies';

export type CryptoScenarioName = Exclude<ScenarioName, 'gift_card_redeemed' | 'gift_card_failed'>;

const failureReasons = [
  'Destination address rejected by the network',
  'Insufficient balance in the ledger account',
  'Network fee exceeded the send amount',
  'Beneficiary declined by compliance screening',
  'Exchange rate moved beyond the quoted tolerance',
];

/** Quote lifetime before a send expires (simulated seconds). */
const quoteLifetimeSeconds = 900;

class CryptoRecipient {
  private readonly beneficiary: Beneficiary;

  constructor(readonly ctx: RecipientContext) {
    this.beneficiary = drawBeneficiary(currencyInfo(ctx.recipient.currency), ctx.startTime, ctx.random);
  }

  /** Cross-currency unless the scenario fixes it: whenever the wallet and the recipient's currency differ. */
  openSend(crossCurrency?: boolean, delaySeconds: readonly [number, number] = [2, 20]): CryptoSendStream {
    const { ctx } = this;
    const cross = crossCurrency ?? ctx.order.wallet_currency.toUpperCase() !== ctx.recipient.currency.toUpperCase();
    const createdAt = ctx.timeline.after(...delaySeconds);
    const quote = quoteSend(ctx.order, ctx.recipient, cross);
    const send = openCryptoSend(ctx.newExternalSendId(), createdAt, quote, this.beneficiary, ctx.random);
    return new CryptoSendStream(ctx, send);
  }

  /** quote_created, maybe an unknown recipient event, and the FX confirmation or a processing status. */
  startProcessing(stream: CryptoSendStream): void {
    stream.quoteCreated(stream.send.createdAt);
    this.maybeUnknownEvent(stream, 'in_progress');
    if (stream.send.quote.crossCurrency) stream.quoteConfirmed(this.ctx.timeline.after(20, 90));
    else stream.statusChanged('processing', this.ctx.timeline.after(10, 60));
  }

  maybeUnknownEvent(stream: CryptoSendStream, status: string): void {
    if (this.ctx.wantsUnknownEvent()) stream.unknownRecipientEvent(status, this.ctx.timeline.after(3, 15));
  }

  completeWithTxHash(stream: CryptoSendStream): void {
    stream.terminal('completed', this.ctx.timeline.after(60, 300), { txHash: true });
  }
}

type CryptoScenario = (recipient: CryptoRecipient) => void;

const scenarios: Record<CryptoScenarioName, CryptoScenario> = {
  crypto_same_currency_completed: (r) => {
    const stream = r.openSend(false);
    r.startProcessing(stream);
    r.completeWithTxHash(stream);
  },
  crypto_cross_currency_completed: (r) => {
    const stream = r.openSend(true);
    r.startProcessing(stream);
    r.completeWithTxHash(stream);
  },
  crypto_quote_canceled_then_requoted: (r) => {
    const canceled = r.openSend();
    canceled.quoteCreated(canceled.send.createdAt);
    r.maybeUnknownEvent(canceled, 'in_progress');
    canceled.quoteCanceled(r.ctx.timeline.after(30, 120));
    const requoted = r.openSend(undefined, [20, 180]);
    r.startProcessing(requoted);
    r.completeWithTxHash(requoted);
  },
  crypto_expired: (r) => {
    const stream = r.openSend();
    stream.quoteCreated(stream.send.createdAt);
    r.maybeUnknownEvent(stream, 'in_progress');
    stream.terminal('expired', r.ctx.timeline.after(quoteLifetimeSeconds - 30, quoteLifetimeSeconds));
  },
  crypto_failed: (r) => {
    const stream = r.openSend();
    r.startProcessing(stream);
    stream.terminal('failed', r.ctx.timeline.after(30, 300), { failureReason: r.ctx.random.pick(failureReasons) });
  },
  crypto_completed_tx_hash_follow_up: (r) => {
    const stream = r.openSend();
    r.startProcessing(stream);
    stream.terminal('completed', r.ctx.timeline.after(60, 300));
    stream.terminal('completed', r.ctx.timeline.after(60, 600), { txHash: true });
  },
  crypto_form_b_processing: (r) => {
    const stream = r.openSend();
    stream.wrapper('payout.processing', 'confirming', 'confirming', stream.send.createdAt);
    r.maybeUnknownEvent(stream, 'processing');
  },
  crypto_form_b_failed: (r) => {
    const stream = r.openSend();
    stream.wrapper('payout.processing', 'confirming', 'confirming', stream.send.createdAt);
    r.maybeUnknownEvent(stream, 'processing');
    stream.wrapper('payout.failed', 'failed', 'failed', r.ctx.timeline.after(60, 600));
  },
};

export function runCryptoScenario(name: CryptoScenarioName, ctx: RecipientContext): void {
  scenarios[name](new CryptoRecipient(ctx));
}
