import { z } from 'zod';

/**
 * Why the control server refused a token (its 401 says `refused`): a token that was revoked, or one it does not
 * recognise (missing, mistyped, another server's, or replaced by a newer one). Only the token's holder learns
 * that it was revoked; no user is ever named.
 */
export const TokenRefusal = z.enum(['revoked', 'unrecognised']);
export type TokenRefusal = z.infer<typeof TokenRefusal>;

/** The body of a 401 from the control server. */
export const TokenRefusedBody = z.object({ error: z.string(), refused: TokenRefusal });
export type TokenRefusedBody = z.infer<typeof TokenRefusedBody>;

export const tokenRefusedBodies: Record<TokenRefusal, TokenRefusedBody> = {
  revoked: { error: 'this token was revoked: ask an admin for a new one', refused: 'revoked' },
  unrecognised: { error: 'missing or unrecognised token', refused: 'unrecognised' },
};
