import { callRoles, type CallName } from './contract';
import { Role } from './role';

/** The least role each call needs: each domain's part of the contract states its calls' (contract.ts joins them). */
export { Role, callRoles };

const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2 };

export function roleAllows(role: Role, call: CallName): boolean {
  return rank[role] >= rank[callRoles[call]];
}

/** Why a call is refused to a role, as the control server answers it (403). */
export function refusal(role: Role, call: CallName): string {
  return `${call} needs the ${callRoles[call]} role; you are ${role}`;
}

const whoMay: Record<Role, string> = { viewer: 'Everyone', member: 'Only members and admins', admin: 'Only admins' };

/** "Only admins change the signing secret": what the UI says beside a control the role cannot use. */
export function onlyWhoMay(call: CallName, doing: string): string {
  return `${whoMay[callRoles[call]]} ${doing}`;
}

/** Calls that need more than a viewer only because of what they show, not because they change anything. */
const privilegedReads: ReadonlySet<CallName> = new Set<CallName>(['audit.list', 'users.list', 'replay.preview']);

/** The calls that change something (a member's or an admin's): the ones a team server's audit log records. */
export function changesState(call: CallName): boolean {
  return callRoles[call] !== 'viewer' && !privilegedReads.has(call);
}
