import type { CallContext } from '../../../shared/contract';
import type { Role } from '../../../shared/roles';
import type { TokenRefusal } from '../../../shared/token-refusal';
import type { connectTeamDatabase } from '../store';
import { rolesNow, userForToken } from '../team/users';
import { sameToken } from './guard';

/** Someone a token let in, and what to ask later whether that token still lets them in, and as what. */
export interface Caller {
  context: CallContext;
  /** Opaque to the control server: a team token's hash, or the per-start token's mark. */
  credential: string;
}

/** Who may use the control server. */
export interface Access {
  /** Who a token lets in, or why it opens nothing: revoked (said only to the token's holder) or not recognised. */
  authenticate(token: string): Promise<Caller | TokenRefusal>;
  /** The role each credential opens the inspector with now; one revoked (or replaced) since is absent. */
  rolesNow(credentials: readonly string[]): Promise<Map<string, Role>>;
}

const perStart = 'per-start token';

/** A personal inspector: the one token made at start, held by whoever opened the printed UI address, an admin. */
export function perStartTokenAccess(token: string): Access {
  return {
    authenticate: async (given) => (sameToken(given, token) ? { context: { user: null, role: 'admin' }, credential: perStart } : 'unrecognised'),
    rolesNow: async (credentials) => new Map(credentials.filter((c) => c === perStart).map((c) => [c, 'admin'])),
  };
}

/** A team's shared inspector: each user's own token and role, looked up on every request so a change takes effect at once. */
export function teamUserAccess(pool: ReturnType<typeof connectTeamDatabase>): Access {
  return {
    authenticate: async (given) => {
      const holder = await userForToken(pool, given);
      if (holder === null) return 'unrecognised';
      if (holder === 'revoked') return holder;
      return { context: { user: holder.name, role: holder.role }, credential: holder.credential };
    },
    rolesNow: (credentials) => rolesNow(pool, credentials),
  };
}
