import { z } from 'zod';
import { DecimalString, Iso8601, JsonInteger, nested } from './json-values';
import { BeneficiaryPayoutSetting, BlockchainTransaction, Currency, Fees, LedgerAccount } from './send-request-parts';

/** `data` on Form A (quote_created, terminal_state) and Form B: the crypto provider's send request (spec 2.4). */
export const SendRequest = z.looseObject({
  id: JsonInteger,
  status: z.string(),
  purpose: z.string(),
  created_at: Iso8601,
  input_amount: DecimalString,
  input_currency: nested(Currency),
  sending_amount: DecimalString,
  sending_currency: nested(Currency),
  input_to_sending_rate: DecimalString,
  balance_debit_amount: DecimalString,
  balance_debit_currency: nested(Currency),
  sending_to_balance_debit_rate: DecimalString,
  fees: nested(Fees),
  ledger_account: nested(LedgerAccount),
  beneficiary_payout_setting: nested(BeneficiaryPayoutSetting),
  blockchain_transactions: z.array(nested(BlockchainTransaction)),
  requires_2fa_confirmation: z.boolean(),
});
export type SendRequest = z.infer<typeof SendRequest>;

/** `data` on payout.quote_confirmed and payout.quote_canceled: the confirm or cancel action's response. */
export const QuoteActionData = z.looseObject({ remote: z.unknown().refine((v) => v !== undefined, 'expected a "remote" key') });
export type QuoteActionData = z.infer<typeof QuoteActionData>;
