import type pg from 'pg';
import type { Role } from '../../../shared/roles';
import { createUser, listUsers, revokeUser, setUserRole, type TeamUser } from './users';

/** A team server's users, for its admins in Settings (the command line uses users.ts directly). */
export interface UserDirectory {
  list(): Promise<TeamUser[]>;
  create(name: string, role: Role): Promise<{ name: string; token: string }>;
  /** Returns the role the user had. */
  setRole(name: string, role: Role): Promise<Role>;
  revoke(name: string): Promise<void>;
}

export function postgresUserDirectory(pool: pg.Pool): UserDirectory {
  return {
    list: () => listUsers(pool),
    create: (name, role) => createUser(pool, name, role),
    setRole: (name, role) => setUserRole(pool, name, role),
    revoke: (name) => revokeUser(pool, name),
  };
}
