import type { TeamUserView } from '../../../../shared/team';
import { Role } from '../../../../shared/roles';
import { formatFullTime } from '../../lib/format';

interface UserRowsProps {
  users: readonly TeamUserView[];
  /** The signed-in admin: their own row cannot be changed here. */
  self: string | null;
  busy: boolean;
  onRole: (name: string, role: Role) => void;
  onRevoke: (name: string) => void;
}

export function UserRows({ users, self, busy, onRole, onRevoke }: UserRowsProps) {
  return (
    <table className="team-table" data-testid="users-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Role</th>
          <th>Created</th>
          <th>Status</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {users.map((user) => {
          const fixed = busy || user.name === self || user.revokedAt !== null;
          const why = user.name === self ? 'Not your own: another admin can, or serve user at the command line' : undefined;
          return (
            <tr key={user.name} data-testid="user-row" data-name={user.name}>
              <td>{user.name}</td>
              <td>
                <select
                  aria-label={`Role of ${user.name}`}
                  data-testid="user-role"
                  value={user.role}
                  disabled={fixed}
                  title={why}
                  onChange={(event) => onRole(user.name, Role.parse(event.target.value))}
                >
                  {Role.options.map((role) => (
                    <option key={role} value={role}>
                      {role}
                    </option>
                  ))}
                </select>
              </td>
              <td>{formatFullTime(user.createdAt)}</td>
              <td>{user.revokedAt === null ? 'active' : `revoked ${formatFullTime(user.revokedAt)}`}</td>
              <td>
                <button type="button" data-testid="user-revoke" disabled={fixed} title={why} onClick={() => onRevoke(user.name)}>
                  Revoke
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
