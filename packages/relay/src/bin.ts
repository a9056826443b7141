#!/usr/bin/env node
import { runCommandLine } from '@webhook-inspector/command-line';
import { relayCommands } from './relay-commands';

// `webhook-inspector-relay …` is the app's `webhook-inspector relay …` (the same definitions), under its own name.
const program = 'webhook-inspector-relay';
const asThisProgram = (text: string) => text.replaceAll(`webhook-inspector relay`, program);

runCommandLine('webhook-inspector', [relayCommands], ['relay', ...process.argv.slice(2)], (text) => console.log(asThisProgram(text))).catch(
  (error: Error) => {
    console.error(`${program}: ${asThisProgram(error.message)}`);
    process.exit(1);
  },
);
