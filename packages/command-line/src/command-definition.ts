import { parseArgs, type ParseArgsConfig } from 'node:util';

/** One option, described once: the parser's options and the help text both come from it. */
export interface OptionDefinition {
  type: 'string' | 'boolean';
  /** The value's placeholder in the help (`DIR`, `N`); string options only. */
  value?: string;
  /** May be given more than once. */
  multiple?: boolean;
  /** What holds when the option is not given. */
  default?: string;
  /** One line: what it does. */
  help: string;
  /** A value a user could type (string options); booleans are their own example. */
  example?: string;
}

export type OptionDefinitions = Record<string, OptionDefinition>;

export interface PositionalDefinition {
  name: string;
  help: string;
}

export interface CommandDefinition<O extends OptionDefinitions = OptionDefinitions> {
  /** The words after the program's name: `export`, `relay channel create`. */
  name: string;
  /** Usage lines after the command's words (`<program> <name>`), e.g. `--format ndjson [--out FILE]`. */
  synopsis: string[];
  /** One line, for the list of commands. */
  summary: string;
  /** Paragraphs that say what it does and how its options combine. */
  description?: string[];
  positionals?: PositionalDefinition[];
  options: O;
}

/** The values parsed for a definition's options: booleans are false when not given. */
export type OptionValues<O extends OptionDefinitions> = {
  [K in keyof O]: O[K]['type'] extends 'boolean'
    ? boolean
    : O[K]['multiple'] extends true
      ? string[] | undefined
      : string | undefined;
};

export interface ParsedCommandLine<O extends OptionDefinitions> {
  values: OptionValues<O>;
  positionals: string[];
}

/** Keeps the literal option types, so that the parsed values are typed from the definition. */
export function defineCommand<const O extends OptionDefinitions>(definition: CommandDefinition<O>): CommandDefinition<O> {
  return definition;
}

/** `--help`/`-h`: every command answers it, so it is not part of any definition. */
export const helpOption = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * A command-line mistake: said with the command's `--help` to read, exit 1. The parser knows the problem but not the
 * words the command was typed as (one definition can serve two programs): the program that ran it adds them.
 */
export class UsageError extends Error {
  constructor(
    readonly problem: string,
    /** The words the command was typed as (`webhook-inspector export`), once known. */
    readonly invocation?: string,
  ) {
    super(invocation === undefined ? problem : `${problem} See '${invocation} --help'.`);
  }
}

function parserOptions(options: OptionDefinitions): NonNullable<ParseArgsConfig['options']> {
  const parsed: NonNullable<ParseArgsConfig['options']> = { ...helpOption };
  for (const [name, option] of Object.entries(options)) {
    parsed[name] = option.type === 'boolean' ? { type: 'boolean', default: false } : { type: 'string', multiple: option.multiple ?? false };
  }
  return parsed;
}

function optionUsage(name: string, option: OptionDefinition): string {
  return option.type === 'string' ? `--${name} ${option.value ?? 'VALUE'}` : `--${name}`;
}

/** The words as parseArgs reads them, without judging them yet. */
function tokensOf(definition: CommandDefinition, args: string[]) {
  return parseArgs({ args, options: parserOptions(definition.options), strict: false, allowPositionals: true, tokens: true }).tokens;
}

/**
 * Checks the words given against the definition and says what is wrong in the command's terms (Node's own
 * messages advise about `--`, which is never the fix here); throws a UsageError naming the command's --help.
 */
function checkTokens(definition: CommandDefinition, args: string[]): void {
  const tokens = tokensOf(definition, args);
  const fail = (problem: string) => {
    throw new UsageError(problem);
  };
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help') continue;
    const option = definition.options[token.name];
    if (option === undefined) fail(`Unknown option '${token.rawName}'.`);
    else if (option.type === 'boolean' && token.value !== undefined) fail(`Option '${token.rawName}' takes no value.`);
    else if (option.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.length > 1 && token.value.startsWith('-')))) {
      fail(`Option '${token.rawName}' needs a value, e.g. ${optionExample(token.name, option) ?? optionUsage(token.name, option)}.`);
    }
  }
  const expected = definition.positionals ?? [];
  const given = tokens.flatMap((token) => (token.kind === 'positional' ? [token.value] : []));
  if (given.length > expected.length) fail(`Unexpected argument '${given[expected.length]}'.`);
  if (given.length < expected.length) fail(`Give ${expected.slice(given.length).map((p) => p.name).join(' and ')}.`);
}

/** Whether the words ask for the command's help (`--help` or `-h` anywhere among its options). */
export function asksForHelp(definition: CommandDefinition, args: string[]): boolean {
  return tokensOf(definition, args).some((token) => token.kind === 'option' && token.name === 'help');
}

/** Parses a command's words with node:util's parseArgs, from the same definition its help is written from. */
export function parseCommandLine<O extends OptionDefinitions>(definition: CommandDefinition<O>, args: string[]): ParsedCommandLine<O> {
  checkTokens(definition, args);
  const { values, positionals } = parseArgs({
    args,
    options: parserOptions(definition.options),
    strict: true,
    allowPositionals: (definition.positionals?.length ?? 0) > 0,
  });
  return { values: values as OptionValues<O>, positionals };
}

/** The option words parseArgs accepts for a definition (help included): what the help and the docs must name. */
export function acceptedOptions(definition: CommandDefinition): string[] {
  return Object.keys(parserOptions(definition.options)).map((name) => `--${name}`);
}

function wrapped(text: string, indent: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** How an option is shown in the help and the docs: `--data-dir DIR`, `--allow-target PATTERN (repeatable)`. */
export function optionHeading(name: string, option: OptionDefinition): string {
  return `${optionUsage(name, option)}${option.multiple ? ' (repeatable)' : ''}`;
}

/** The example of an option as typed, or null for a boolean (the flag is its own example). */
export function optionExample(name: string, option: OptionDefinition): string | null {
  if (option.example === undefined) return null;
  return `--${name} ${/[\s'"$*|&;<>()]/.test(option.example) ? `'${option.example}'` : option.example}`;
}

/** A command as typed and its one-line summary: a line of a help's list of commands. */
export interface CommandSummary {
  invocation: string;
  summary: string;
}

/**
 * `webhook-inspector export --help`: synopsis, what it does, its arguments, and each option with its default and an
 * example. `invocation` is the words the command is typed as (`webhook-inspector export`, or `payout-simulator` for a
 * program that is one command).
 */
export function helpText(invocation: string, definition: CommandDefinition, subcommands: readonly CommandSummary[] = []): string {
  const lines = ['Usage:', ...definition.synopsis.map((s) => `  ${invocation}${s ? ` ${s}` : ''}`), ''];
  lines.push(...wrapped(definition.summary, ''));
  for (const paragraph of definition.description ?? []) lines.push('', ...wrapped(paragraph, ''));
  if (definition.positionals?.length) {
    lines.push('', 'Arguments:');
    for (const p of definition.positionals) lines.push(`  ${p.name}`, ...wrapped(p.help, '      '));
  }
  if (subcommands.length > 0) {
    lines.push('', 'Commands:');
    for (const sub of subcommands) lines.push(`  ${sub.invocation}`, ...wrapped(sub.summary, '      '));
    lines.push('', `Each answers --help, e.g. '${subcommands[0]!.invocation} --help'.`);
  }
  lines.push('', 'Options:');
  for (const [name, option] of Object.entries(definition.options)) {
    lines.push(`  ${optionHeading(name, option)}`, ...wrapped(option.help, '      '));
    const example = optionExample(name, option);
    if (option.default !== undefined) lines.push(...wrapped(`Default: ${option.default}.`, '      '));
    if (example !== null) lines.push(`      Example: ${example}`);
  }
  lines.push('  -h, --help', '      Show this help.');
  return lines.join('\n');
}
