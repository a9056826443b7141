import type { Command } from '@webhook-inspector/command-line';
import { simulateCommand } from 'payout-simulator';
import { relayCommands } from 'webhook-inspector-relay';
import { checkCommand, checkDefinition } from './check';
import { exportCommand, exportDefinition, lifecyclesCommand, lifecyclesDefinition } from './export';
import { importCommand, importDefinition } from './import';
import { mcpCommand, mcpDefinition } from './mcp';
import { replayCommand, replayDefinition } from './replay';
import { serve, serveDefinition } from './serve';
import { serveUserCommands } from './serve-users';
import { verifyCommand, verifyDefinition } from './verify';

/** The program's name as users type it. */
export const program = 'webhook-inspector';

/** Every command of `webhook-inspector`, in the order the help lists them. */
export const commands: readonly Command[] = [
  { definition: serveDefinition, run: serve, subcommands: [serveUserCommands] },
  relayCommands,
  { definition: exportDefinition, run: exportCommand },
  { definition: importDefinition, run: importCommand },
  { definition: lifecyclesDefinition, run: lifecyclesCommand },
  simulateCommand,
  { definition: replayDefinition, run: replayCommand },
  { definition: verifyDefinition, run: verifyCommand },
  { definition: checkDefinition, run: checkCommand },
  { definition: mcpDefinition, run: mcpCommand },
];
