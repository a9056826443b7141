import { roleNames } from '../../shared/role-names';
import { defineCommand, storeOptions, storeSynopsis } from '@webhook-inspector/command-line';
import { storeVariable } from './store-url';

const roles = roleNames.join('|');
/** The team's store is where its users live: `serve user` cannot run without it. */
const teamStore = storeOptions(storeVariable, "The team server's store", 'none: the users live there');
const name = { name: 'NAME', help: 'The user, as the audit log and the UI show them.' };

export const serveUserDefinition = defineCommand({
  name: 'serve user',
  synopsis: ['create|list|role|revoke …'],
  summary: "Manage the users of a team server (serve --team), kept in its PostgreSQL store; each change is audited.",
  options: {},
});

const createDefinition = defineCommand({
  name: 'serve user create',
  synopsis: [`NAME [--role ${roles}] ${storeSynopsis}`],
  summary: 'Add a user and print their token, once (only its hash is stored).',
  positionals: [name],
  options: {
    role: { type: 'string', value: 'ROLE', help: `What they may do: ${roleNames.join(', ')}.`, default: 'member', example: 'viewer' },
    ...teamStore,
  },
});

const listDefinition = defineCommand({
  name: 'serve user list',
  synopsis: [storeSynopsis],
  summary: 'List the users: name, role, when created, active or revoked.',
  options: teamStore,
});

const roleDefinition = defineCommand({
  name: 'serve user role',
  synopsis: [`NAME ${roles} ${storeSynopsis}`],
  summary: "Change a user's role; their open streams are closed and reopen with it.",
  positionals: [name, { name: 'ROLE', help: `One of ${roleNames.join(', ')}.` }],
  options: teamStore,
});

const revokeDefinition = defineCommand({
  name: 'serve user revoke',
  synopsis: [`NAME ${storeSynopsis}`],
  summary: 'Revoke a user: their token opens nothing from now on, and their open streams are closed.',
  positionals: [name],
  options: teamStore,
});

/** The verbs of `serve user`, each run by serve-users.ts with its definition. */
export const userVerbDefinitions = { create: createDefinition, list: listDefinition, role: roleDefinition, revoke: revokeDefinition };
export type UserVerb = keyof typeof userVerbDefinitions;
