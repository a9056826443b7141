/** The team roles, in order: each may do what the ones before it may (role.ts). Free of zod, for the CLI's help. */
export const roleNames = ['viewer', 'member', 'admin'] as const;
