import { useEffect } from 'react';
import type { CallName, SessionInfo } from '../../../shared/contract';
import { onlyWhoMay, roleAllows } from '../../../shared/roles';
import { reloadSession, sessionInfo } from '../api/session-info';
import { useReconnected } from './useEventStream';
import { useObservable } from './useObservable';

/** Who this UI is signed in as, with their role; null until first read. A role change reconnects the stream, which reads it again. */
export function useSession(): SessionInfo | null {
  useEffect(() => {
    if (sessionInfo.get() === null) void reloadSession();
  }, []);
  useReconnected(() => void reloadSession());
  return useObservable(sessionInfo);
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
