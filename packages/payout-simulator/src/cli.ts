#!/usr/bin/env node
import { runSingleCommand } from '@webhook-inspector/command-line';
import { simulateCommand } from './simulate-command';

const program = 'payout-simulator';

runSingleCommand(program, simulateCommand, process.argv.slice(2)).catch((error: Error) => {
  console.error(`${program}: ${error.message}`);
  process.exit(1);
});
