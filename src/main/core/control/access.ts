import type pg from 'pg';
import type { CallContext } from '../../../shared/contract';
import { userForToken } from '../team/users';
import { sameToken } from './guard';

/** Who a token lets in; null for any token that opens nothing (the caller learns no more than 401). */
export type Authenticate = (token: string) => Promise<CallContext | null>;

/** A personal inspector: the one token made at start, held by whoever opened the printed UI address. */
export function perStartTokenAccess(token: string): Authenticate {
  return async (given) => (sameToken(given, token) ? { user: null } : null);
}

/** A team's shared inspector: each user's own token, looked up on every request so a revoke takes effect at once. */
export function teamUserAccess(pool: pg.Pool): Authenticate {
  return async (given) => {
    const user = await userForToken(pool, given);
    return user === null ? null : { user };
  };
}
