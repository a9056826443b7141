#!/usr/bin/env node
import { exportCommand, exportUsage, lifecyclesCommand, lifecyclesUsage } from './cli/export';
import { importCommand, importUsage } from './cli/import';
import { relayCommand, relayUsage } from './cli/relay';
import { replayCommand, replayUsage } from './cli/replay';
import { serve, serveUsage } from './cli/serve';
import { simulate, simulateUsage } from './cli/simulate';
import { verifyCommand, verifyUsage } from './cli/verify';

const commands: Record<string, { run: (args: string[]) => Promise<void>; usage: string }> = {
  serve: { run: serve, usage: serveUsage },
  export: { run: exportCommand, usage: exportUsage },
  import: { run: importCommand, usage: importUsage },
  lifecycles: { run: lifecyclesCommand, usage: lifecyclesUsage },
  simulate: { run: simulate, usage: simulateUsage },
  replay: { run: replayCommand, usage: replayUsage },
  verify: { run: verifyCommand, usage: verifyUsage },
  relay: { run: relayCommand, usage: relayUsage },
};

const usage = ['Usage:', ...Object.values(commands).map((c) => `  ${c.usage}`)].join('\n');

async function main(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(usage);
    return;
  }
  const command = commands[name];
  if (!command) throw new Error(`unknown command "${name}"\n${usage}`);
  await command.run(args);
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`webhook-inspector: ${error.message}`);
  process.exit(1);
});
