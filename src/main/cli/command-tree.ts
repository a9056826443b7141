import { asksForHelp, helpText, program, UsageError, type CommandDefinition } from './command-definition';

/** A command of the program: what it runs, or (`relay channel`) only the sub-commands it groups, or both (`relay`). */
export interface Command {
  definition: CommandDefinition;
  run?: (args: string[]) => Promise<void>;
  subcommands?: Command[];
}

/** Every command and sub-command, depth first: what the help and the reference page cover. */
export function everyCommand(commands: readonly Command[]): Command[] {
  return commands.flatMap((command) => [command, ...everyCommand(command.subcommands ?? [])]);
}

function word(command: Command): string {
  return command.definition.name.split(' ').at(-1)!;
}

/** The sub-command named by the first word, if any. */
function subcommandOf(command: Command, name: string | undefined): Command | undefined {
  return name === undefined ? undefined : command.subcommands?.find((sub) => word(sub) === name);
}

/** The help of one command: its own, with the sub-commands it leads to. */
export function commandHelp(command: Command): string {
  return helpText(command.definition, everyCommand(command.subcommands ?? []).map((sub) => sub.definition));
}

/** `webhook-inspector --help`: each command with its summary. */
export function programHelp(commands: readonly Command[]): string {
  const lines = [`Usage: ${program} <command> [options]`, '', 'Commands:'];
  for (const command of everyCommand(commands)) lines.push(`  ${command.definition.name.padEnd(24)} ${command.definition.summary}`);
  lines.push('', `'${program} help <command>' or '${program} <command> --help' says more about each.`);
  return lines.join('\n');
}

function notACommand(words: string[], within: Command | null): UsageError {
  const see = within === null ? `${program} --help` : `${program} ${within.definition.name} --help`;
  return new UsageError(`Unknown command '${[program, ...words].join(' ')}'. See '${see}'.`);
}

/** `help serve user create`: the command those words name. */
function commandNamed(commands: readonly Command[], words: string[]): Command {
  let command = commands.find((c) => c.definition.name === words[0]);
  if (command === undefined) throw notACommand(words.slice(0, 1), null);
  for (const [index, name] of words.slice(1).entries()) {
    const sub = subcommandOf(command, name);
    if (sub === undefined) throw notACommand(words.slice(0, index + 2), command);
    command = sub;
  }
  return command;
}

async function runWithin(command: Command, args: string[], print: (text: string) => void): Promise<void> {
  const sub = subcommandOf(command, args[0]);
  if (sub !== undefined) return runWithin(sub, args.slice(1), print);
  if (asksForHelp(command.definition, args)) return print(commandHelp(command));
  if (command.run === undefined) {
    const choices = (command.subcommands ?? []).map(word).join(', ');
    if (args[0] === undefined || args[0].startsWith('-')) {
      throw new UsageError(`'${program} ${command.definition.name}' needs one of: ${choices}. See '${program} ${command.definition.name} --help'.`);
    }
    throw notACommand([...command.definition.name.split(' '), args[0]], command);
  }
  await command.run(args);
}

/** Runs the command the words name, or prints the help they ask for; a usage mistake throws a UsageError. */
export async function runCommandLine(commands: readonly Command[], argv: string[], print: (text: string) => void = console.log): Promise<void> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return print(programHelp(commands));
  if (first === 'help') return print(rest.length === 0 ? programHelp(commands) : commandHelp(commandNamed(commands, rest)));
  const command = commands.find((c) => c.definition.name === first);
  if (command === undefined) throw notACommand([first], null);
  await runWithin(command, rest, print);
}
