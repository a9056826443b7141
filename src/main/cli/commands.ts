import { checkCommand, checkDefinition } from './check';
import type { Command } from './command-tree';
import { exportCommand, exportDefinition, lifecyclesCommand, lifecyclesDefinition } from './export';
import { importCommand, importDefinition } from './import';
import { mcpCommand, mcpDefinition } from './mcp';
import { relayCommands } from './relay';
import { replayCommand, replayDefinition } from './replay';
import { serve, serveDefinition } from './serve';
import { serveUserCommands } from './serve-users';
import { simulate, simulateDefinition } from './simulate';
import { verifyCommand, verifyDefinition } from './verify';

/** Every command of `webhook-inspector`, in the order the help lists them. */
export const commands: readonly Command[] = [
  { definition: serveDefinition, run: serve, subcommands: [serveUserCommands] },
  relayCommands,
  { definition: exportDefinition, run: exportCommand },
  { definition: importDefinition, run: importCommand },
  { definition: lifecyclesDefinition, run: lifecyclesCommand },
  { definition: simulateDefinition, run: simulate },
  { definition: replayDefinition, run: replayCommand },
  { definition: verifyDefinition, run: verifyCommand },
  { definition: checkDefinition, run: checkCommand },
  { definition: mcpDefinition, run: mcpCommand },
];
