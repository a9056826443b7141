import { TokenRefusedBody, type TokenRefusal } from '../../../shared/token-refusal';
import { Observable } from '../lib/observable';

/**
 * Whether the core refused this page's token (a 401 to a call or to the event stream's ticket), and why. A token
 * refused stays refused (a revoked one is never let in again, a new one is another token), so this is final for
 * the page: the UI stops retrying and says how to get a new token.
 */
export const tokenRefusal = new Observable<TokenRefusal | null>(null);

/** Takes note of a 401's reason; true when the body was the control server's refusal of the token. */
export function noteTokenRefusal(status: number, body: unknown): boolean {
  if (status !== 401) return false;
  const parsed = TokenRefusedBody.safeParse(body);
  if (!parsed.success) return false;
  tokenRefusal.set(parsed.data.refused);
  return true;
}

/** The token was refused: retrying with it cannot help. */
export class TokenRefused extends Error {
  constructor(readonly reason: TokenRefusal) {
    super(reason === 'revoked' ? 'this token was revoked' : 'this token is not recognised');
    this.name = 'TokenRefused';
  }
}
