#!/usr/bin/env node
import { runCommandLine } from './cli/command-tree';
import { commands } from './cli/commands';

runCommandLine(commands, process.argv.slice(2)).catch((error: Error) => {
  console.error(`webhook-inspector: ${error.message}`);
  process.exit(1);
});
