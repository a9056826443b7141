import { useCallback, useEffect, useState } from 'react';
import type { TeamUserView } from '../../../../shared/team';
import { Role } from '../../../../shared/roles';
import { call } from '../../api/client';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { CopyButton } from '../../components/CopyButton';
import { TextField } from '../../components/form/fields';
import { useCallAction } from '../../hooks/useCallAction';
import { useSession } from '../../hooks/useSession';
import { UserRows } from './UserRows';

/** Settings → Users, for a team server's admins: who may open it, with which role; every change is audited. */
export function UsersCard() {
  const session = useSession();
  if (session === null || !session.team || session.role !== 'admin') return null;
  return (
    <section className="settings-card" aria-labelledby="settings-users-title" data-testid="users-card">
      <h2 id="settings-users-title">Users</h2>
      <p className="muted">
        Viewers read; members also replay, export and import; admins also change settings and users. A revoke or a role change takes
        effect at once, open pages included.
      </p>
      <UserList self={session.user} />
    </section>
  );
}

function UserList({ self }: { self: string | null }) {
  const [users, setUsers] = useState<TeamUserView[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  // A role change is asked first: it takes effect at once, on every page the user has open.
  const [pendingRole, setPendingRole] = useState<{ name: string; from: Role; to: Role } | null>(null);

  const show = useCallback((page: { items: TeamUserView[] }) => {
    setUsers(page.items);
    setError(null);
  }, []);
  const reload = useCallback(() => call('users.list', {}).then(show, setError), [show]);
  useEffect(() => {
    call('users.list', {}).then(show, setError);
  }, [show]);

  const change = useCallAction(async (action: () => Promise<{ items: TeamUserView[] }>) => {
    setCreated(null);
    show(await action());
    return '';
  });
  const create = useCallAction(async () => {
    setCreated(await call('users.create', { name: name.trim(), role }));
    setName('');
    await reload();
    return '';
  });

  return (
    <>
      <CallErrorMessage error={error ?? change.error} testId="users-error" />
      <UserRows
        users={users}
        self={self}
        busy={change.busy}
        onRole={(user, next) => {
          const from = users.find((u) => u.name === user)?.role;
          if (from !== undefined && from !== next) setPendingRole({ name: user, from, to: next });
        }}
        onRevoke={(user) => void change.run(() => call('users.revoke', { name: user }))}
      />
      {pendingRole && (
        <div className="users-role-confirm" role="alertdialog" aria-labelledby="users-role-confirm-text" data-testid="user-role-confirm">
          <p id="users-role-confirm-text">
            Change the role of <strong>{pendingRole.name}</strong> from <strong>{pendingRole.from}</strong> to{' '}
            <strong>{pendingRole.to}</strong>? It applies at once, on every page they have open.
          </p>
          <button
            type="button"
            data-testid="user-role-confirm-yes"
            disabled={change.busy}
            onClick={() => {
              const { name: user, to } = pendingRole;
              setPendingRole(null);
              void change.run(() => call('users.setRole', { name: user, role: to }));
            }}
          >
            Change to {pendingRole.to}
          </button>{' '}
          <button type="button" data-testid="user-role-confirm-cancel" onClick={() => setPendingRole(null)}>
            Cancel
          </button>
        </div>
      )}
      <form
        className="users-create"
        onSubmit={(event) => {
          event.preventDefault();
          void create.run();
        }}
      >
        <TextField label="New user" testId="users-new-name" value={name} onChange={setName} placeholder="name" autoComplete="off" />
        <label className="field">
          <span>Role</span>
          <select data-testid="users-new-role" value={role} onChange={(event) => setRole(Role.parse(event.target.value))}>
            {Role.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" data-testid="users-create" disabled={create.busy || name.trim() === ''}>
          Create
        </button>
      </form>
      <CallErrorMessage error={create.error} testId="users-create-error" />
      {created && (
        <p className="ok-text" role="status" data-testid="users-created">
          {created.name}&apos;s token, shown this once (only its hash is kept): <code>{created.token}</code>{' '}
          <CopyButton text={created.token} what={`Copy ${created.name}'s token`} />
        </p>
      )}
    </>
  );
}
