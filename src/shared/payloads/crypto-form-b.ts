import { z } from 'zod';
import { nested } from './json-values';
import { SendRequest } from './send-request';

/** Crypto Form B, the wrapper (spec 2.3): exactly three keys, `data` being the provider's send request unchanged. */
export const CryptoFormBBody = z.strictObject({
  event: z.string(),
  payout_type: z.literal('crypto'),
  data: nested(SendRequest),
});
export type CryptoFormBBody = z.infer<typeof CryptoFormBBody>;

export const formBKeys: readonly string[] = Object.keys(CryptoFormBBody.shape);
