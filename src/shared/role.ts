import { z } from 'zod';
import { roleNames } from './role-names';

/**
 * Who may do what on a team server. A personal inspector (desktop, single-user `serve`) is its one user's:
 * its caller is an admin. Roles are ordered: each one may do what the ones before it may.
 */
export const Role = z.enum(roleNames);
export type Role = z.infer<typeof Role>;
