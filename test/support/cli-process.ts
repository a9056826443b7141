import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export const builtCli = resolve(__dirname, '../../out/main/cli.js');

export interface ServeProcess {
  child: ChildProcessWithoutNullStreams;
  lines: Record<string, string>;
  exited: Promise<number | null>;
  /** What it wrote to stderr so far. */
  stderr(): string;
}

/** Runs the built CLI's `serve` and waits for the lines it prints on start. */
export function spawnServe(args: string[]): Promise<ServeProcess> {
  return spawnCommand('serve', args, 'UI');
}

/** Runs a long-lived command of the built CLI and waits until it has printed `readyKey: …`. */
export async function spawnCommand(command: string, args: string[], readyKey: string, env: NodeJS.ProcessEnv = process.env): Promise<ServeProcess> {
  if (!existsSync(builtCli)) throw new Error('out/main/cli.js is missing: run `npm run build` first');
  return spawnProgram(process.execPath, [builtCli, command, ...args], readyKey, env);
}

/** Runs a long-lived program (a built or installed one) and waits until it has printed `readyKey: …`. */
export async function spawnProgram(program: string, args: string[], readyKey: string, env: NodeJS.ProcessEnv = process.env): Promise<ServeProcess> {
  const child = spawn(program, args, { stdio: 'pipe', env });
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const lines: Record<string, string> = {};
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  await new Promise<void>((ready, fail) => {
    let buffer = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        const match = /^([^:]+):\s+(.*)$/.exec(line.trim());
        if (match) lines[match[1]!] = match[2]!;
      }
      if (lines[readyKey]) ready();
    });
    void exited.then((code) => fail(new Error(`${[program, ...args].join(' ')} exited (${code}) before starting: ${stderr}`)));
  });
  return { child, lines, exited, stderr: () => stderr };
}
