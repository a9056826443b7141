import { useQuery } from '@tanstack/react-query';
import type { CallName, SessionInfo } from '../../../shared/contract';
import { onlyWhoMay, roleAllows } from '../../../shared/roles';
import { call } from '../api/client';
import { callKey } from '../api/queries';

/**
 * Who this UI is signed in as, with their role; null until first read. Read once for every view, and again after
 * the stream reconnects (a role change reconnects it; api/query-invalidation.ts). A failed read keeps what was known.
 */
export function useSession(): SessionInfo | null {
  const query = useQuery({ queryKey: callKey('session.get', {}), queryFn: ({ signal }) => call('session.get', {}, { signal }), staleTime: Infinity });
  return query.data ?? null;
}

export interface RoleGateState {
  allowed: boolean;
  /** Why not, to show beside the control: "Only admins change the signing secret". */
  why: string | null;
}

/**
 * Whether this user's role may make `call`, by the same rule the server applies (shared/roles.ts). Until the
 * session is read, allowed: the server refuses anyway, and a personal inspector's user may do everything.
 */
export function useRoleGate(call: CallName, doing: string): RoleGateState {
  const session = useSession();
  const allowed = session === null || roleAllows(session.role, call);
  return { allowed, why: allowed ? null : onlyWhoMay(call, doing) };
}
