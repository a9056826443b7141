import type { CurrencyInfo } from './currencies';
import { transactionHash, walletAddress } from './chain-identifiers';
import type { Json } from './json-text';
import { hashText, type SeededRandom } from '../seeded-random';
import type { SendQuote } from './send-quote';

/** The recipient's destination wallet: the same across every send (and re-quote) of that recipient. */
export interface Beneficiary {
  settingId: number;
  beneficiaryId: number;
  createdAt: Date;
  address: string;
}

/** One crypto send request: one external_send_id and its lifecycle. */
export interface CryptoSend {
  externalSendId: string;
  createdAt: Date;
  purpose: string;
  quote: SendQuote;
  beneficiary: Beneficiary;
  ledgerBalance: string;
  requires2fa: boolean;
  /** Drawn when the send opens, surfaced once the broadcast lands. */
  transaction: { id: number; txid: string; confirmations: number };
}

const purposes = [
  'March contractor payout',
  'Affiliate commission',
  'Bug bounty reward',
  'Community grant',
  'Freelance invoice settlement',
  'Creator revenue share',
];

const dayMs = 86_400_000;

export function drawBeneficiary(sending: CurrencyInfo, startTime: Date, random: SeededRandom): Beneficiary {
  return {
    settingId: random.int(1_000, 99_999),
    beneficiaryId: random.int(100, 9_999),
    createdAt: new Date(startTime.getTime() - random.int(1, 400) * dayMs),
    address: walletAddress(sending, random),
  };
}

export function openCryptoSend(
  externalSendId: string,
  createdAt: Date,
  quote: SendQuote,
  beneficiary: Beneficiary,
  random: SeededRandom,
): CryptoSend {
  return {
    externalSendId,
    createdAt,
    purpose: random.pick(purposes),
    quote,
    beneficiary,
    ledgerBalance: `${random.int(5_000, 250_000)}.${String(random.int(0, 99)).padStart(2, '0')}`,
    requires2fa: random.chance(0.2),
    transaction: { id: random.int(10_000, 999_999), txid: transactionHash(quote.sending, random), confirmations: random.int(6, 64) },
  };
}

export type TransactionStatus = 'confirmed' | 'confirming' | 'failed';

/** A BlockchainTransaction object (spec 2.4) for the send's on-chain transaction. */
export function blockchainTransaction(send: CryptoSend, status: TransactionStatus): Json {
  const { sending } = send.quote;
  const confirmations = status === 'confirmed' ? send.transaction.confirmations : status === 'confirming' ? 2 : 0;
  return {
    id: send.transaction.id,
    txid: send.transaction.txid,
    amount: send.quote.sendingAmount,
    status,
    network_confirmations: confirmations,
    currency: {
      id: sending.object.id,
      title: sending.object.title,
      symbol: sending.object.symbol,
      platform: { id: sending.platform.id, title: sending.platform.title },
    },
  };
}

function fee(amount: string, currency: CurrencyInfo): Json {
  return { amount, currency: { ...currency.object } };
}

/** The send-request snapshot (spec 2.4) as it stands with this status and these transactions. */
export function sendRequestSnapshot(send: CryptoSend, status: string, transactions: Json[]): Json {
  const { quote, beneficiary } = send;
  const debit = quote.balanceDebit;
  return {
    id: Number(send.externalSendId),
    status,
    purpose: send.purpose,
    created_at: send.createdAt.toISOString(),
    input_amount: quote.inputAmount,
    input_currency: { ...quote.input.object },
    sending_amount: quote.sendingAmount,
    sending_currency: { ...quote.sending.object },
    input_to_sending_rate: quote.inputToSendingRate,
    balance_debit_amount: quote.balanceDebitAmount,
    balance_debit_currency: { ...debit.object },
    sending_to_balance_debit_rate: quote.sendingToBalanceDebitRate,
    fees: {
      service_fee: fee(quote.serviceFee, debit),
      ...(quote.conversionFee === null ? {} : { conversion_fee: fee(quote.conversionFee, debit) }),
    },
    ledger_account: {
      id: `la_${(hashText(debit.object.symbol) % 0xffffff).toString(16).padStart(6, '0')}`,
      title: `Main ${debit.object.symbol}`,
      status: 'active',
      balance: send.ledgerBalance,
      account_type: 'merchant',
      currency: { ...debit.object },
    },
    beneficiary_payout_setting: {
      id: beneficiary.settingId,
      beneficiary_id: beneficiary.beneficiaryId,
      created_at: beneficiary.createdAt.toISOString(),
      currency: { ...quote.sending.object },
      platform: { ...quote.sending.platform },
      crypto_address: beneficiary.address,
      crypto_address_metadata: null,
    },
    blockchain_transactions: transactions,
    requires_2fa_confirmation: send.requires2fa,
  };
}
