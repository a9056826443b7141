import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtCli, spawnServe } from '../support/cli-process';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { tempDataDir } from '../support/temp-dir';

const run = promisify(execFile);
const { dataDirs, running } = cleanedUpAfterAll();
const builtMain = dirname(builtCli);

/**
 * The files the built CLI loads to answer these words: it runs as usual (its argv as `node cli.js …` gives it) and,
 * as it exits, writes every module of require.cache to stderr (the main build is CommonJS).
 */
async function filesLoaded(args: string[]): Promise<string[]> {
  const script = [
    `process.argv.splice(1, Infinity, ${JSON.stringify(builtCli)}, ...process.argv.slice(1));`,
    `process.on('exit', () => process.stderr.write('\\nloaded: ' + JSON.stringify(Object.keys(require.cache)) + '\\n'));`,
    `require(${JSON.stringify(builtCli)});`,
  ].join('\n');
  const ran = await run(process.execPath, ['-e', script, '--', ...args]).catch((failed: { stderr: string }) => failed);
  const line = ran.stderr.split('\n').find((l) => l.startsWith('loaded: '));
  if (line === undefined) throw new Error(`no list of loaded files: ${ran.stderr}`);
  const loaded = JSON.parse(line.slice('loaded: '.length)) as string[];
  // The list is only worth something if it holds the CLI itself (an ES module build would leave it empty).
  expect(loaded).toContain(builtCli);
  return loaded;
}

const npmPackages = (files: string[]) => files.filter((file) => file.includes(`${sep}node_modules${sep}`));

const helps = [['--help'], ['help', 'serve', 'user', 'create'], ['verify', '--help'], ['serve', '--help'], ['export', '--help'], ['relay', 'channel', 'create', '--help'], ['simulate', '--help'], ['mcp', '--help']];

describe('what the built CLI loads', () => {
  /** What the program's own --help loads, which two tests compare with: run once. */
  let programHelp: Promise<string[]> | undefined;
  const loadedForHelp = () => (programHelp ??= filesLoaded(['--help']));

  it.each(helps.map((args) => [args.join(' '), args] as const))(
    '%s: the definitions only, none of the core and no npm dependency (no store engine, zod, MCP SDK)',
    async (_, args) => {
      const loaded = await filesLoaded(args);
      expect(npmPackages(loaded)).toEqual([]);
      expect(loaded.filter((file) => !file.startsWith(builtMain + sep))).toEqual([]);
      // No more than the program's own help: a command's --help loads nothing of what runs it.
      expect(loaded.sort()).toEqual([...(await loadedForHelp())].sort());
    },
  );

  it('a command loads what it runs and no more: verify checks a signature without a store', async () => {
    const body = join(tempDataDir(), 'body');
    writeFileSync(body, '{}');
    const loaded = await filesLoaded(['verify', '--secret', 'whsec_test', '--body', body, '--signature', 'sha256=00']);
    expect(loaded.length).toBeGreaterThan((await loadedForHelp()).length);
    expect(npmPackages(loaded)).toEqual([]);
  });

  it('serve, loaded from its own chunk when it runs, still finds and serves the built UI', async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--no-simulator']);
    running.add(serve);
    const page = await fetch(serve.lines.UI!);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/^<!doctype html>/i);
  });
});
