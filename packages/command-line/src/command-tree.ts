import { asksForHelp, helpText, UsageError, type CommandDefinition } from './command-definition';

/** What runs a command, given the words after its name. */
export type RunCommand = (args: string[]) => Promise<void>;

/**
 * A command of a program: what it runs, or (`relay channel`) only the sub-commands it groups, or both (`relay`).
 * Its definition is all its help needs; `load` imports what runs it (`() => import('./serve').then((m) => m.serve)`)
 * only when it runs, so that `--help` and every other command never load its dependencies.
 */
export interface Command {
  definition: CommandDefinition;
  load?: () => Promise<RunCommand>;
  subcommands?: Command[];
}

/** Every command and sub-command, depth first: what the help and the reference page cover. */
export function everyCommand(commands: readonly Command[]): Command[] {
  return commands.flatMap((command) => [command, ...everyCommand(command.subcommands ?? [])]);
}

/** The words a command is typed as: `webhook-inspector relay channel create`. */
export function invocationOf(program: string, definition: CommandDefinition): string {
  return `${program} ${definition.name}`;
}

function word(command: Command): string {
  return command.definition.name.split(' ').at(-1)!;
}

/** The sub-command named by the first word, if any. */
function subcommandOf(command: Command, name: string | undefined): Command | undefined {
  return name === undefined ? undefined : command.subcommands?.find((sub) => word(sub) === name);
}

/** The help of one command of `program`: its own, with the sub-commands it leads to. */
export function commandHelp(program: string, command: Command): string {
  const subcommands = everyCommand(command.subcommands ?? []).map((sub) => ({
    invocation: invocationOf(program, sub.definition),
    summary: sub.definition.summary,
  }));
  return helpText(invocationOf(program, command.definition), command.definition, subcommands);
}

/** `<program> --help`: each command with its summary. */
export function programHelp(program: string, commands: readonly Command[]): string {
  const lines = [`Usage: ${program} <command> [options]`, '', 'Commands:'];
  for (const command of everyCommand(commands)) lines.push(`  ${command.definition.name.padEnd(24)} ${command.definition.summary}`);
  lines.push('', `'${program} help <command>' or '${program} <command> --help' says more about each.`);
  return lines.join('\n');
}

function notACommand(program: string, words: string[], within: Command | null): UsageError {
  const see = within === null ? program : invocationOf(program, within.definition);
  return new UsageError(`Unknown command '${[program, ...words].join(' ')}'.`, see);
}

/** `help serve user create`: the command those words name. */
function commandNamed(program: string, commands: readonly Command[], words: string[]): Command {
  let command = commands.find((c) => c.definition.name === words[0]);
  if (command === undefined) throw notACommand(program, words.slice(0, 1), null);
  for (const [index, name] of words.slice(1).entries()) {
    const sub = subcommandOf(command, name);
    if (sub === undefined) throw notACommand(program, words.slice(0, index + 2), command);
    command = sub;
  }
  return command;
}

/** Runs a command typed as `invocation`; a usage mistake it finds is said with that command's --help. */
async function runAs(invocation: string, load: () => Promise<RunCommand>, args: string[]): Promise<void> {
  const run = await load();
  try {
    await run(args);
  } catch (error) {
    if (error instanceof UsageError && error.invocation === undefined) throw new UsageError(error.problem, invocation);
    throw error;
  }
}

async function runWithin(program: string, command: Command, args: string[], print: (text: string) => void): Promise<void> {
  const sub = subcommandOf(command, args[0]);
  if (sub !== undefined) return runWithin(program, sub, args.slice(1), print);
  if (asksForHelp(command.definition, args)) return print(commandHelp(program, command));
  const invocation = invocationOf(program, command.definition);
  if (command.load === undefined) {
    const choices = (command.subcommands ?? []).map(word).join(', ');
    if (args[0] === undefined || args[0].startsWith('-')) throw new UsageError(`'${invocation}' needs one of: ${choices}.`, invocation);
    throw notACommand(program, [...command.definition.name.split(' '), args[0]], command);
  }
  await runAs(invocation, command.load, args);
}

/** Runs the command of `program` the words name, or prints the help they ask for; a usage mistake throws a UsageError. */
export async function runCommandLine(
  program: string,
  commands: readonly Command[],
  argv: string[],
  print: (text: string) => void = console.log,
): Promise<void> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') return print(programHelp(program, commands));
  if (first === 'help') return print(rest.length === 0 ? programHelp(program, commands) : commandHelp(program, commandNamed(program, commands, rest)));
  const command = commands.find((c) => c.definition.name === first);
  if (command === undefined) throw notACommand(program, [first], null);
  await runWithin(program, command, rest, print);
}

/**
 * Runs a program that is one command (`payout-simulator --port 0`): the command's definition, typed as the program's
 * name alone; `--help` prints its help.
 */
export async function runSingleCommand(
  program: string,
  command: Required<Pick<Command, 'definition' | 'load'>>,
  argv: string[],
  print: (text: string) => void = console.log,
): Promise<void> {
  if (asksForHelp(command.definition, argv)) return print(helpText(program, command.definition));
  await runAs(program, command.load, argv);
}
