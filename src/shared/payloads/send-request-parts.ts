import { z } from 'zod';
import { DecimalString, Iso8601, JsonInteger, nested } from './json-values';

/** The nested objects of the crypto send-request snapshot (spec 2.4). Unknown fields are allowed everywhere. */

export const Currency = z.looseObject({
  id: JsonInteger,
  kind: z.enum(['fiat', 'crypto']),
  title: z.string(),
  symbol: z.string(),
  enabled: z.boolean(),
  disabled_message: z.string().nullable(),
});
export type Currency = z.infer<typeof Currency>;

export const Fee = z.looseObject({ amount: DecimalString, currency: nested(Currency) });
export type Fee = z.infer<typeof Fee>;

export const Fees = z.looseObject({
  service_fee: nested(Fee),
  /** Only on cross-currency sends. */
  conversion_fee: nested(Fee.optional()),
});
export type Fees = z.infer<typeof Fees>;

export const LedgerAccount = z.looseObject({
  id: z.string(),
  title: z.string(),
  status: z.string(),
  balance: DecimalString,
  account_type: z.string(),
  currency: nested(Currency),
});
export type LedgerAccount = z.infer<typeof LedgerAccount>;

export const Platform = z.looseObject({ id: JsonInteger, title: z.string(), id_name: z.string() });

export const BeneficiaryPayoutSetting = z.looseObject({
  id: JsonInteger,
  beneficiary_id: JsonInteger,
  created_at: Iso8601,
  currency: nested(Currency),
  platform: nested(Platform),
  crypto_address: z.string(),
  /** Nullable; its content is not specified. */
  crypto_address_metadata: z.unknown(),
});
export type BeneficiaryPayoutSetting = z.infer<typeof BeneficiaryPayoutSetting>;

export const BlockchainTransaction = z.looseObject({
  id: JsonInteger,
  txid: z.string(),
  amount: DecimalString,
  status: z.string(),
  network_confirmations: JsonInteger,
  currency: nested(
    z.looseObject({
      id: JsonInteger,
      title: z.string(),
      symbol: z.string(),
      platform: nested(z.looseObject({ id: JsonInteger, title: z.string() })),
    }),
  ),
});
export type BlockchainTransaction = z.infer<typeof BlockchainTransaction>;
