#!/usr/bin/env -S node --max-semi-space-size=2
// The flag bounds V8's young generation at two semi-spaces of 2 MiB. Left alone, a long-running `serve` grows it to
// 32 MiB under a stream of deliveries and keeps it; only Node's command line can bound it (bench/README.md:
// serve's memory). Import and export measured within a few per cent of their speed without it.
import { runCommandLine } from '@webhook-inspector/command-line';
import { commands, program } from './cli/commands';

runCommandLine(program, commands, process.argv.slice(2)).catch((error: Error) => {
  console.error(`${program}: ${error.message}`);
  process.exit(1);
});
