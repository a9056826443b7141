import type { ReactNode } from 'react';
import type { CallName } from '../../../shared/contract';
import { useRoleGate } from '../hooks/useSession';

interface RoleGateProps {
  /** The call the controls inside make. */
  call: CallName;
  /** What they do, after "Only admins …": "change the signing secret". */
  doing: string;
  /** Beside other controls in a row (a button), the reason after it; else a block, the reason above. */
  inline?: boolean;
  children: ReactNode;
}

/** The controls inside, disabled with the reason shown when this user's role may not make the call. */
export function RoleGate({ call, doing, inline = false, children }: RoleGateProps) {
  const gate = useRoleGate(call, doing);
  if (gate.allowed) return children;
  const why = <span className="role-gate-why muted">{gate.why}</span>;
  return (
    <fieldset className={inline ? 'role-gate role-gate-inline' : 'role-gate'} disabled title={gate.why ?? undefined} data-testid="role-gate" data-call={call}>
      {!inline && why}
      {children}
      {inline && why}
    </fieldset>
  );
}
