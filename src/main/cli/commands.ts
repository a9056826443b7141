import type { Command } from '@webhook-inspector/command-line';
import { simulateCommand } from 'payout-simulator/command';
import { relayCommands } from 'webhook-inspector-relay/commands';
import { checkDefinition } from './check-definition';
import { diffDefinition } from './diff-definition';
import { reconcileDefinition } from './reconcile-definition';
import { exportDefinition, lifecyclesDefinition } from './export-definition';
import { importDefinition } from './import-definition';
import { listenDefinition } from './listen-definition';
import { mcpDefinition } from './mcp-definition';
import { replayDefinition } from './replay-definition';
import { serveDefinition } from './serve-definition';
import { serveUserDefinition, userVerbDefinitions, type UserVerb } from './serve-users-definition';
import { triggerDefinition } from './trigger-definition';
import { verifyDefinition } from './verify-definition';

const userVerb = (verb: UserVerb): Command => ({
  definition: userVerbDefinitions[verb],
  load: () => import('./serve-users').then((m) => m.runUserVerb(verb)),
});

/** `serve user create|list|role|revoke`. */
const serveUserCommands: Command = {
  definition: serveUserDefinition,
  subcommands: [userVerb('create'), userVerb('list'), userVerb('role'), userVerb('revoke')],
};

/** The program's name as users type it. */
export const program = 'webhook-inspector';

/**
 * Every command of `webhook-inspector`, in the order the help lists them. Only their definitions are imported here:
 * each command's module (and the core with it) is loaded when that command runs, never for `--help`.
 */
export const commands: readonly Command[] = [
  { definition: serveDefinition, load: () => import('./serve').then((m) => m.serve), subcommands: [serveUserCommands] },
  { definition: listenDefinition, load: () => import('./listen').then((m) => m.listenCommand) },
  relayCommands,
  { definition: exportDefinition, load: () => import('./export').then((m) => m.exportCommand) },
  { definition: importDefinition, load: () => import('./import').then((m) => m.importCommand) },
  { definition: lifecyclesDefinition, load: () => import('./export').then((m) => m.lifecyclesCommand) },
  simulateCommand,
  { definition: replayDefinition, load: () => import('./replay').then((m) => m.replayCommand) },
  { definition: triggerDefinition, load: () => import('./trigger').then((m) => m.triggerCommand) },
  { definition: diffDefinition, load: () => import('./diff').then((m) => m.diffCommand) },
  { definition: reconcileDefinition, load: () => import('./reconcile').then((m) => m.reconcileCommand) },
  { definition: verifyDefinition, load: () => import('./verify').then((m) => m.verifyCommand) },
  { definition: checkDefinition, load: () => import('./check').then((m) => m.checkCommand) },
  { definition: mcpDefinition, load: () => import('./mcp').then((m) => m.mcpCommand) },
];
