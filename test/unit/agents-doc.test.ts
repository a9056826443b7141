import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseCommandLine } from '@webhook-inspector/command-line';
import { describe, expect, it } from 'vitest';
import { mcpDefinition } from '../../src/main/cli/mcp';

const page = readFileSync(resolve(__dirname, '../../docs/agents.md'), 'utf8');
const blocks = (language: string) => [...page.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]!);

/** Every way docs/agents.md starts the server, as argument lists after `webhook-inspector`. */
function documentedArgs(): string[][] {
  const fromJson = blocks('json').flatMap((text) => {
    const config = JSON.parse(text) as { mcpServers?: Record<string, { args: string[] }>; servers?: Record<string, { args: string[] }> };
    return Object.values(config.mcpServers ?? config.servers ?? {}).map((server) => server.args);
  });
  const fromShell = blocks('sh')
    .flatMap((text) => text.split('\n'))
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line.includes('webhook-inspector mcp'))
    .map((line) => line.slice(line.indexOf('webhook-inspector mcp') + 'webhook-inspector '.length).split(/\s+/));
  return [...fromJson, ...fromShell];
}

describe('docs/agents.md', () => {
  it('starts the MCP server only with options the command accepts', () => {
    const all = documentedArgs();
    expect(all.length).toBeGreaterThanOrEqual(6);
    for (const args of all) {
      expect(args[0]).toBe('mcp');
      expect(() => parseCommandLine(mcpDefinition, args.slice(1)), args.join(' ')).not.toThrow();
    }
  });
});
