import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { builtCli, spawnServe } from '../support/cli-process';
import { cleanedUpAfterAll } from '../support/serve-cleanup';
import { tempDataDir } from '../support/temp-dir';
import { unusedPort } from '../support/unused-port';

/**
 * `serve --simulator-port N`: the embedded simulator's API where a script expects it, the same at every start (it
 * changed at each one), with its attempts endpoint there; a port in use names the flag.
 */
const run = promisify(execFile);
const { dataDirs, running } = cleanedUpAfterAll();

describe('serve --simulator-port', () => {
  it('pins the embedded simulator’s API port across starts; its API answers there with the data dir’s token', { timeout: 90_000 }, async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const port = await unusedPort();
    const args = ['--data-dir', dataDir, '--port', '0', '--simulator-port', String(port)];
    for (let start = 1; start <= 2; start++) {
      const serve = await spawnServe(args);
      running.add(serve);
      expect(serve.lines['Simulator API'], `start ${start}`).toBe(`http://127.0.0.1:${port}`);
      const { apiToken } = JSON.parse(readFileSync(join(dataDir, 'simulator-account.json'), 'utf8')) as { apiToken: string };
      const attempts = await fetch(`http://127.0.0.1:${port}/api/webhook-attempts?status=delivered`, { headers: { 'X-Api-Token': apiToken } });
      expect([attempts.status, await attempts.json()]).toEqual([200, []]);
      serve.child.kill('SIGTERM');
      expect(await serve.exited).toBe(0);
      running.delete(serve);
    }
  });

  it('a simulator port in use names it and the flag; --no-simulator with it is a mistake', { timeout: 60_000 }, async () => {
    const dataDir = tempDataDir();
    dataDirs.push(dataDir);
    const taken = createServer();
    await new Promise<void>((listening) => taken.listen(0, '127.0.0.1', listening));
    const port = (taken.address() as { port: number }).port;
    try {
      const failure = await run(process.execPath, [builtCli, 'serve', '--data-dir', dataDir, '--port', '0', '--simulator-port', String(port)], { timeout: 60_000 }).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stderr).toContain(`port ${port} is in use (the embedded simulator's API on 127.0.0.1:${port}): give another with --simulator-port N`);
    } finally {
      await new Promise((closed) => taken.close(closed));
    }
    const mistake = await run(process.execPath, [builtCli, 'serve', '--data-dir', dataDir, '--no-simulator', '--simulator-port', '8090']).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(mistake?.stderr).toContain('--simulator-port is for the embedded simulator, which --no-simulator turns off');
  });
});
