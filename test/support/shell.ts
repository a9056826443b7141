import { spawn } from 'node:child_process';

/** Runs a generated command the way a user pasting it would; async, as the servers it talks to run in this process. */
export function runInShell(command: string, shell = 'bash'): Promise<{ status: number | null; stdout: Buffer; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(shell, ['-s'], { stdio: 'pipe' });
    const stdout: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill(), 20_000);
    child.stdout.on('data', (c: Buffer) => stdout.push(c));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: Buffer.concat(stdout), stderr });
    });
    child.stdin.end(command);
  });
}
