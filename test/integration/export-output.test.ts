import { execFile, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/core-fixture';
import { builtCli, spawnServe } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';

const run = promisify(execFile);

/** A store of `copies` deliveries: two received, then the first one's NDJSON line imported again and again. */
async function storeOf(copies: number): Promise<string> {
  const dataDir = tempDataDir();
  const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret', testSecret]);
  const url = serve.lines['Receiver (HTTPS)']!;
  const body = giftCardBody();
  await post(`${url}/one`, body, serviceHeaders(body));
  await post(`${url}/two`, body, serviceHeaders(body));
  serve.child.kill('SIGTERM');
  await serve.exited;
  if (copies > 2) {
    const { stdout } = await run(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'ndjson']);
    const file = join(dataDir, 'more.ndjson');
    writeFileSync(file, `${stdout.split('\n')[0]!}\n`.repeat(copies - 2));
    await run(process.execPath, [builtCli, 'import', file, '--data-dir', dataDir]);
  }
  return dataDir;
}

describe('export on the command line', () => {
  it('says on stderr what it wrote, how many and where, and keeps stdout for the data', async () => {
    const dataDir = await storeOf(2);
    const toStdout = await run(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'ndjson']);
    expect(toStdout.stdout.trim().split('\n')).toHaveLength(2);
    expect(toStdout.stderr.trim()).toBe('Exported 2 deliveries as NDJSON to standard output');
    const out = join(dataDir, 'all.ndjson');
    const toFile = await run(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'ndjson', '--out', out]);
    expect(toFile.stdout).toBe('');
    expect(toFile.stderr.trim()).toBe(`Exported 2 deliveries as NDJSON to ${out}`);
    const har = await run(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'har', '--ids', '1']);
    expect(har.stderr.trim()).toBe('Exported 1 delivery as HAR to standard output');
    const lifecycles = await run(process.execPath, [builtCli, 'lifecycles', '--data-dir', dataDir, '--format', 'ndjson']);
    expect(lifecycles.stderr.trim()).toMatch(/^Exported 1 lifecycle as NDJSON to standard output$/);
  });

  it('ends quietly with 0 when the reader of its stdout goes away, as `| head` does', async () => {
    const dataDir = await storeOf(400);
    const child = spawn(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'ndjson'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    // Read the first chunk only, then close the pipe: the rest (about a megabyte) can no longer be written.
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(stderr).not.toMatch(/EPIPE/);
    expect(code).toBe(0);
  });
});
