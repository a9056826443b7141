import { execFile } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { acceptedOptions, everyCommand } from '@webhook-inspector/command-line';
import { commands } from '../../src/main/cli/commands';
import { builtCli } from '../support/cli-process';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<Run> {
  try {
    const { stdout, stderr } = await run(process.execPath, [builtCli, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the built CLI', () => {
  /** `relay --help`, which two tests read: run once. */
  let relayHelp: Promise<Run> | undefined;
  const helpOfRelay = () => (relayHelp ??= cli('relay', '--help'));
  // Every definition is checked in test/unit/cli-help.test.ts; here, the built program, on commands of each kind.
  const sample = ['relay', 'serve user', 'relay channel create', 'import', 'export'];
  it.each(everyCommand(commands).filter((c) => sample.includes(c.definition.name)).map((c) => [c.definition.name, c.definition] as const))(
    '%s --help: exit 0, every option it accepts listed',
    async (name, definition) => {
      const help = await (name === 'relay' ? helpOfRelay() : cli(...name.split(' '), '--help'));
      expect(help.code).toBe(0);
      expect(help.stderr).toBe('');
      expect(help.stdout).toContain(`Usage:\n  webhook-inspector ${name}`);
      for (const option of acceptedOptions(definition)) expect(help.stdout).toMatch(new RegExp(`${option}(?![\\w-])`));
    },
  );

  it('answers help <command> [sub] and -h alike, and the program help lists every command', async () => {
    const relay = await helpOfRelay();
    expect((await cli('help', 'relay')).stdout).toBe(relay.stdout);
    expect((await cli('relay', '-h')).stdout).toBe(relay.stdout);
    expect((await cli('help', 'serve', 'user', 'create')).stdout).toBe((await cli('serve', 'user', 'create', '--help')).stdout);
    const program = await cli('--help');
    expect(program.code).toBe(0);
    for (const command of everyCommand(commands)) expect(program.stdout).toContain(`  ${command.definition.name} `);
  });

  it('says an unknown option in one line naming the command\'s --help, exit 1, without the parser\'s advice about --', async () => {
    const cases: Array<[string[], string]> = [
      [['export', '--store-url', 'x'], "webhook-inspector: Unknown option '--store-url'. See 'webhook-inspector export --help'.\n"],
      [['import', '--nope', 'file.har'], "webhook-inspector: Unknown option '--nope'. See 'webhook-inspector import --help'.\n"],
      [['relay', 'channel', 'list', '--x'], "webhook-inspector: Unknown option '--x'. See 'webhook-inspector relay channel list --help'.\n"],
      [['serve', 'user', 'create', 'alice', '--role'], "webhook-inspector: Option '--role' needs a value, e.g. --role viewer. See 'webhook-inspector serve user create --help'.\n"],
    ];
    for (const [args, message] of cases) {
      const failed = await cli(...args);
      expect(failed.code, args.join(' ')).toBe(1);
      expect(failed.stderr).toBe(message);
      expect(failed.stderr).not.toMatch(/To specify/);
    }
  });
});

describe('webhook-inspector as a command in a clone', () => {
  it("package.json's bin is the built CLI, built by npm install: a node shebang, executable after a build", () => {
    const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.prepare).toBe('node scripts/prepare.mjs');
    expect(readFileSync(resolve(root, 'scripts/prepare.mjs'), 'utf8')).toContain("'run', 'build'");
    const bin = resolve(root, manifest.bin['webhook-inspector']!);
    expect(bin).toBe(builtCli);
    expect(readFileSync(bin, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env -S node --max-semi-space-size=2');
    expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  it('runs as the README writes it: the bin directly, and npx webhook-inspector inside the clone, which leaves the built app as it is', async () => {
    const direct = await run(builtCli, ['verify', '--help']);
    expect(direct.stdout).toContain('webhook-inspector verify --secret S');
    // --offline: the repo's own bin, never a package of that name from elsewhere. A cache of its own: npx links the
    // clone into it as on a first run, which runs the clone's prepare. That must not rebuild: a build empties out/
    // under every inspector running from it.
    const built = () => ({ cli: statSync(builtCli).mtimeMs, chunks: readdirSync(resolve(root, 'out/main/chunks')).sort() });
    const before = built();
    const cache = mkdtempSync(join(tmpdir(), 'npx-cache-'));
    try {
      const npx = await run('npm', ['exec', '--offline', '--cache', cache, '--', 'webhook-inspector', 'help', 'export'], { cwd: root });
      expect(npx.stdout).toContain('webhook-inspector export --format ndjson');
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
    expect(built()).toEqual(before);
  });
});
