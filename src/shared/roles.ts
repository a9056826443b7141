import type { CallName } from './contract';
import { Role } from './role';

export { Role };

const rank: Record<Role, number> = { viewer: 0, member: 1, admin: 2 };

/**
 * The least role each call needs. Typed over every call of the contract: a new call cannot be added
 * without its rule. viewer reads; member also sends on the team's behalf (replays, exports, imports,
 * orders to the service); admin changes what the server does for everyone.
 */
export const callRoles = {
  'status.get': 'viewer',
  'session.get': 'viewer',
  'audit.list': 'admin',
  'audit.setRetention': 'admin',
  'users.list': 'admin',
  'users.create': 'admin',
  'users.setRole': 'admin',
  'users.revoke': 'admin',
  'deliveries.list': 'viewer',
  'deliveries.search.start': 'viewer',
  'deliveries.search.page': 'viewer',
  'deliveries.search.cancel': 'viewer',
  'deliveries.get': 'viewer',
  'deliveries.compare': 'viewer',
  'deliveries.facets': 'viewer',
  'settings.setSecret': 'admin',
  'settings.clearSecret': 'admin',
  'settings.setPolicy': 'admin',
  'settings.setPorts': 'admin',
  'settings.setService': 'admin',
  'settings.setRetention': 'admin',
  'sources.set': 'admin',
  'sources.clear': 'admin',
  'duplicates.list': 'viewer',
  'lifecycles.list': 'viewer',
  'lifecycles.facets': 'viewer',
  'lifecycles.get': 'viewer',
  'recipients.get': 'viewer',
  'orders.list': 'viewer',
  'orders.get': 'viewer',
  'api.listPage': 'viewer',
  'api.fetchAll.start': 'viewer',
  'api.fetchAll.cancel': 'viewer',
  'api.fetchAll.items': 'viewer',
  'api.fetchSigningSecret': 'admin',
  'api.createPayoutOrder': 'member',
  'replay.send': 'member',
  'replay.preview': 'member',
  'replay.sentBody': 'viewer',
  'replay.many': 'member',
  'replay.list': 'viewer',
  'forward.get': 'viewer',
  'forward.set': 'admin',
  'egress.get': 'viewer',
  'egress.set': 'admin',
  'export.fixtures': 'member',
  'export.har': 'member',
  'export.curl': 'viewer',
  'import.path': 'member',
  'check.start': 'member',
  'check.get': 'viewer',
  'check.list': 'viewer',
  'check.resend': 'member',
  'check.keep': 'member',
  'check.drop': 'member',
  'simulator.state': 'viewer',
  'simulator.configure': 'admin',
  'simulator.resend': 'member',
  'simulator.createDemoOrder': 'member',
  'reconcile.start': 'member',
  'reconcile.cancel': 'member',
  'reconcile.list': 'viewer',
  'reconcile.get': 'viewer',
  'reconcile.setSchedule': 'admin',
} as const satisfies Record<CallName, Role>;

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
