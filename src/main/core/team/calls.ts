import type { CallContext, CallHandlers } from '../../../shared/contract';
import type { AuditLog } from './audit-log';
import type { AuditRetention } from './audit-retention';
import type { UserDirectory } from './user-directory';

/** What only a team server keeps: its audit log and its users. Null on a personal inspector. */
export interface TeamRecords {
  audit: AuditLog;
  /** How long and how much of the audit log is kept (audit.setRetention). */
  retention: AuditRetention;
  users: UserDirectory;
}

class TeamOnly extends Error {
  readonly status = 404;
}

function refuseOnYourself(name: string, { user }: CallContext, what: string): void {
  if (name === user) throw Object.assign(new Error(`you cannot ${what} yourself here: another admin can, or serve user at the server's command line`), { status: 409 });
}

/** session.*, audit.* and users.*: who is calling, and a team server's record and users. */
export function teamCalls(team: TeamRecords | null) {
  const needTeam = (what: string): TeamRecords => {
    if (team === null) throw new TeamOnly(`${what} on a team server (serve --team) only`);
    return team;
  };
  const users = async () => ({ items: await needTeam('users are kept').users.list() });
  return {
    'session.get': (_input, { user, role }) => ({ user, role, team: team !== null }),
    'audit.list': ({ beforeId, limit }) => needTeam('the audit log is kept').audit.list(beforeId, limit),
    'audit.setRetention': (limits) => needTeam('the audit log is kept').retention.set(limits),
    'users.list': users,
    'users.create': ({ name, role }) => needTeam('users are kept').users.create(name, role),
    'users.setRole': async ({ name, role }, caller) => {
      refuseOnYourself(name, caller, 'change the role of');
      const previousRole = await needTeam('users are kept').users.setRole(name, role);
      // The audit log shows old → new: the input says only the new role.
      caller.noteForAudit?.({ previousRole });
      return users();
    },
    'users.revoke': async ({ name }, caller) => {
      refuseOnYourself(name, caller, 'revoke');
      await needTeam('users are kept').users.revoke(name);
      return users();
    },
  } satisfies Partial<CallHandlers>;
}
