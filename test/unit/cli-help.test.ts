import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedOptions, helpText, parseCommandLine, UsageError, commandHelp, everyCommand, runCommandLine } from '@webhook-inspector/command-line';
import { commands, program } from '../../src/main/cli/commands';
import { referenceEnd, referencePage, referenceStart } from '../../src/main/cli/reference-page';

const page = resolve(__dirname, '../../docs/cli.md');
const all = everyCommand(commands);

/** The section of docs/cli.md about one command: from its heading to the next. */
function docsSection(name: string): string {
  const text = readFileSync(page, 'utf8');
  const start = text.indexOf(`### webhook-inspector ${name}\n`);
  expect(start, `docs/cli.md has a section for ${name}`).toBeGreaterThanOrEqual(0);
  const next = text.indexOf('\n### ', start + 1);
  return text.slice(start, next === -1 ? text.indexOf(referenceEnd) : next);
}

function mentions(text: string, option: string): boolean {
  return new RegExp(`${option}(?![\\w-])`).test(text);
}

async function output(argv: string[]): Promise<string> {
  let printed = '';
  await runCommandLine(program, commands, argv, (text) => (printed += text));
  return printed;
}

describe('every command of the CLI', () => {
  it('covers every command and sub-command', () => {
    expect(all.map((c) => c.definition.name)).toEqual(
      expect.arrayContaining(['serve', 'serve user create', 'serve user list', 'serve user role', 'serve user revoke', 'export', 'import']),
    );
    expect(all.map((c) => c.definition.name)).toEqual(
      expect.arrayContaining(['lifecycles', 'replay', 'verify', 'simulate', 'relay', 'relay channel create', 'relay channel rotate']),
    );
    expect(all.map((c) => c.definition.name)).toEqual(expect.arrayContaining(['relay channel revoke', 'relay channel list', 'relay audit']));
  });

  it.each(all.map((c) => [c.definition.name, c] as const))('%s: every option the parser accepts is in its help and in docs/cli.md', (name, command) => {
    const help = commandHelp(program, command);
    const section = docsSection(name);
    for (const option of acceptedOptions(command.definition)) {
      expect(mentions(help, option), `${option} in 'webhook-inspector ${name} --help'`).toBe(true);
      if (option !== '--help') expect(mentions(section, option), `${option} in docs/cli.md's ${name}`).toBe(true);
    }
  });

  it.each(all.map((c) => [c.definition.name, c] as const))('%s: its synopsis and description name only options it accepts', (name, command) => {
    const accepted = new Set(acceptedOptions(command.definition));
    const text = [...command.definition.synopsis, ...(command.definition.description ?? [])].join(' ');
    for (const named of text.match(/--[a-z][a-z-]*/g) ?? []) expect(accepted.has(named), `${named} in ${name}'s synopsis`).toBe(true);
  });

  it('docs/cli.md says what the definitions say (UPDATE_DOCS=1 rewrites it after a definition changed)', () => {
    const text = readFileSync(page, 'utf8');
    const start = text.indexOf(referenceStart);
    const end = text.indexOf(referenceEnd) + referenceEnd.length;
    expect(start).toBeGreaterThanOrEqual(0);
    const written = referencePage(all.map((c) => c.definition));
    if (process.env.UPDATE_DOCS === '1') writeFileSync(page, text.slice(0, start) + written + text.slice(end));
    else expect(text.slice(start, end)).toBe(written);
  });
});

describe('help and usage mistakes', () => {
  it('answers --help, -h and help <command> [sub] with the same text, each option with its default and example', async () => {
    const exportHelp = await output(['export', '--help']);
    expect(exportHelp).toMatch(/^Usage:\n {2}webhook-inspector export --format ndjson/);
    expect(exportHelp).toContain('Default: standard output for ndjson and har');
    expect(exportHelp).toContain('Example: --out deliveries.ndjson');
    expect(await output(['export', '-h'])).toBe(exportHelp);
    expect(await output(['help', 'export'])).toBe(exportHelp);
    expect(await output(['help', 'relay', 'channel', 'create'])).toBe(await output(['relay', 'channel', 'create', '--help']));
    expect(await output(['serve', 'user', '--help'])).toContain('webhook-inspector serve user revoke');
    expect(await output(['--help'])).toContain('relay channel rotate');
  });

  it('names the command\'s --help for an unknown option, a missing value or argument, never the parser\'s advice about --', async () => {
    const mistakes: Array<[string[], string]> = [
      [['export', '--x'], "Unknown option '--x'. See 'webhook-inspector export --help'."],
      [['import', '--help-me', 'file'], "Unknown option '--help-me'. See 'webhook-inspector import --help'."],
      [['relay', 'channel', 'create', 'ops', '--nope'], "Unknown option '--nope'. See 'webhook-inspector relay channel create --help'."],
      [['serve', 'user', 'list', '-x'], "Unknown option '-x'. See 'webhook-inspector serve user list --help'."],
      [['export', '--format', '--out', 'x'], "Option '--format' needs a value, e.g. --format ndjson. See 'webhook-inspector export --help'."],
      [['replay', '--insecure=yes'], "Option '--insecure' takes no value. See 'webhook-inspector replay --help'."],
      [['import'], "Give PATH. See 'webhook-inspector import --help'."],
      [['verify', 'extra'], "Unexpected argument 'extra'. See 'webhook-inspector verify --help'."],
      [['relay', 'channel', 'nope'], "Unknown command 'webhook-inspector relay channel nope'. See 'webhook-inspector relay channel --help'."],
      [['nope'], "Unknown command 'webhook-inspector nope'. See 'webhook-inspector --help'."],
    ];
    for (const [argv, message] of mistakes) {
      const failure = await output(argv).then(() => null, (error: unknown) => error);
      expect(failure, argv.join(' ')).toBeInstanceOf(UsageError);
      expect((failure as Error).message).toBe(message);
    }
  });

  it('parses with the options the help lists: booleans false when absent, a dash alone as a value', () => {
    const definition = all.find((c) => c.definition.name === 'verify')!.definition;
    expect(parseCommandLine(definition, ['--body', '-', '--secret=-s']).values).toMatchObject({ body: '-', secret: '-s' });
    expect(helpText(`${program} verify`, definition)).toContain('- reads them from standard input');
  });
});
