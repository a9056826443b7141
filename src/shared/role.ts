import { z } from 'zod';

/**
 * Who may do what on a team server. A personal inspector (desktop, single-user `serve`) is its one user's:
 * its caller is an admin. Roles are ordered: each one may do what the ones before it may.
 */
export const Role = z.enum(['viewer', 'member', 'admin']);
export type Role = z.infer<typeof Role>;
