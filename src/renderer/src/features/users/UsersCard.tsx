import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { CallInput } from '../../../../shared/contract';
import { Role } from '../../../../shared/roles';
import { call } from '../../api/client';
import { callKey, useCall } from '../../api/queries';
import { CallErrorMessage } from '../../components/CallErrorMessage';
import { CopyButton } from '../../components/CopyButton';
import { fieldProblems } from '../../components/form/field-problems';
import { FormProblems } from '../../components/form/FormProblems';
import { TextField } from '../../components/form/fields';
import { useSession } from '../../hooks/useSession';
import { NewUserFields } from './new-user-fields';
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

/** A change to one user; each answers with the users as they are now. */
type UserChange = { name: string; role: Role } | { name: string; revoke: true };

const usersKey = callKey('users.list', {});

function UserList({ self }: { self: string | null }) {
  const list = useCall('users.list', {});
  const users = list.phase === 'ready' ? list.value.items : [];
  // A role change is asked first: it takes effect at once, on every page the user has open.
  const [pendingRole, setPendingRole] = useState<{ name: string; from: Role; to: Role } | null>(null);
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (user: UserChange) => ('role' in user ? call('users.setRole', user) : call('users.revoke', { name: user.name })),
    onMutate: () => create.reset(),
    onSuccess: (page) => queryClient.setQueryData(usersKey, page),
  });

  const form = useForm<NewUserFields, unknown, CallInput<'users.create'>>({ resolver: zodResolver(NewUserFields), defaultValues: { name: '', role: 'member' } });
  const name = useWatch({ control: form.control, name: 'name' });
  const create = useMutation({
    mutationFn: (user: CallInput<'users.create'>) => call('users.create', user),
    onSuccess: () => {
      form.resetField('name');
      return queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });

  return (
    <>
      <CallErrorMessage error={(list.phase === 'error' ? list.error : null) ?? change.error} testId="users-error" />
      <UserRows
        users={users}
        self={self}
        busy={change.isPending}
        onRole={(user, next) => {
          const from = users.find((u) => u.name === user)?.role;
          if (from !== undefined && from !== next) setPendingRole({ name: user, from, to: next });
        }}
        onRevoke={(user) => change.mutate({ name: user, revoke: true })}
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
            disabled={change.isPending}
            onClick={() => {
              setPendingRole(null);
              change.mutate({ name: pendingRole.name, role: pendingRole.to });
            }}
          >
            Change to {pendingRole.to}
          </button>{' '}
          <button type="button" data-testid="user-role-confirm-cancel" onClick={() => setPendingRole(null)}>
            Cancel
          </button>
        </div>
      )}
      <form className="users-create" noValidate onSubmit={form.handleSubmit((user) => create.mutate(user))}>
        <TextField label="New user" testId="users-new-name" registered={form.register('name')} placeholder="name" autoComplete="off" />
        <label className="field">
          <span>Role</span>
          <select data-testid="users-new-role" {...form.register('role')}>
            {Role.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" data-testid="users-create" disabled={create.isPending || name.trim() === ''}>
          Create
        </button>
      </form>
      <FormProblems problems={fieldProblems(form.formState.errors, { name: 'New user' })} testId="users-create-problems" />
      <CallErrorMessage error={create.error} testId="users-create-error" />
      {create.data && (
        <p className="ok-text" role="status" data-testid="users-created">
          {create.data.name}&apos;s token, shown this once (only its hash is kept): <code>{create.data.token}</code>{' '}
          <CopyButton text={create.data.token} what={`Copy ${create.data.name}'s token`} />
        </p>
      )}
    </>
  );
}
