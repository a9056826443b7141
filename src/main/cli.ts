#!/usr/bin/env node
import { runCommandLine } from '@webhook-inspector/command-line';
import { commands, program } from './cli/commands';

runCommandLine(program, commands, process.argv.slice(2)).catch((error: Error) => {
  console.error(`${program}: ${error.message}`);
  process.exit(1);
});
