import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { describe, expect, it } from 'vitest';
import { mcpDefinition } from '../../src/main/cli/mcp';

const read = (path: string) => readFileSync(resolve(__dirname, '../..', path), 'utf8');
const blocks = (page: string, language: string) =>
  [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);
const mcpCommands = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.includes('webhook-inspector mcp'))
    .map((line) => line.slice(line.indexOf('webhook-inspector mcp') + 'webhook-inspector '.length).replace(/`.*$/, '').trim().split(/\s+/));

/** Every way a page starts the server (its JSON configurations and command lines), as argument lists after `webhook-inspector`. */
function documentedArgs(page: string): string[][] {
  const fromJson = blocks(page, 'json').flatMap((text) => {
    const config = JSON.parse(text) as { mcpServers?: Record<string, { args: string[] }>; servers?: Record<string, { args: string[] }> };
    return Object.values(config.mcpServers ?? config.servers ?? {}).map((server) => server.args);
  });
  const fromShell = blocks(page, 'sh').flatMap(mcpCommands);
  return [...fromJson, ...fromShell];
}

const expectAccepted = (all: string[][]) => {
  for (const args of all) {
    expect(args[0]).toBe('mcp');
    expect(() => parseCommandLine(mcpDefinition, args.slice(1)), args.join(' ')).not.toThrow();
  }
};

describe('docs/agents.md', () => {
  it('starts the MCP server only with options the command accepts', () => {
    const all = documentedArgs(read('docs/agents.md'));
    expect(all.length).toBeGreaterThanOrEqual(6);
    expectAccepted(all);
  });
});

describe("the README's agent section", () => {
  const section = read('README.md').split('## A coding agent at the inspector')[1]?.split('\n## ')[0] ?? '';

  it('gives a client configuration and a command line that the command accepts', () => {
    const inline = [...section.matchAll(/`claude mcp add [^`]*`/g)].flatMap((m) => mcpCommands(m[0]));
    const all = [...documentedArgs(section), ...inline];
    expect(all).toHaveLength(2);
    expectAccepted(all);
  });
});
