import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDataDir } from '../support/core-fixture';
import { builtCli, spawnServe } from '../support/cli-process';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';

const run = promisify(execFile);

describe('the CLI', () => {
  it('serve prints the real URLs and fingerprint on ephemeral ports and closes cleanly on SIGTERM', async () => {
    const dataDir = tempDataDir();
    const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--http-port', '0', '--ui-port', '0']);
    expect(serve.lines['Receiver (HTTPS)']).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(serve.lines['Receiver (HTTP)']).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(serve.lines['Certificate SHA-256']).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(serve.lines.UI).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=.+$/);
    const body = giftCardBody();
    const overPlainHttp = await fetch(`${serve.lines['Receiver (HTTP)']}/tunnel`, {
      method: 'POST',
      body,
      headers: serviceHeaders(body),
    });
    expect(overPlainHttp.status).toBe(200);
    serve.child.kill('SIGTERM');
    expect(await serve.exited).toBe(0);
  });

  it('keeps every delivery that got a 2xx when the process is killed with SIGKILL', async () => {
    const dataDir = tempDataDir();
    const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret', testSecret]);
    const url = serve.lines['Receiver (HTTPS)']!;
    const acknowledged: string[] = [];
    const sends = Array.from({ length: 60 }, async (_, i) => {
      const body = giftCardBody({ recipient_uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}` });
      const answer = await post(url, body, serviceHeaders(body)).catch(() => null);
      if (answer?.status === 200) acknowledged.push(createHash('sha256').update(body).digest('hex'));
    });
    await Promise.all(sends.slice(0, 40));
    serve.child.kill('SIGKILL');
    await Promise.all(sends);
    await serve.exited;

    expect(acknowledged.length).toBeGreaterThanOrEqual(40);
    const db = new Database(join(dataDir, 'inspector.sqlite3'));
    const stored = new Set(
      (db.prepare('SELECT body, body_sha256 FROM deliveries').all() as Array<{ body: Buffer; body_sha256: string }>).map(
        (r) => {
          expect(createHash('sha256').update(r.body).digest('hex')).toBe(r.body_sha256);
          return r.body_sha256;
        },
      ),
    );
    for (const hash of acknowledged) expect(stored.has(hash)).toBe(true);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
  });

  it('exports every stored delivery as NDJSON in arrival order', async () => {
    const dataDir = tempDataDir();
    const serve = await spawnServe(['--data-dir', dataDir, '--port', '0', '--ui-port', '0', '--secret', testSecret]);
    const url = serve.lines['Receiver (HTTPS)']!;
    const body = giftCardBody();
    await post(`${url}/one`, body, serviceHeaders(body));
    await post(`${url}/two`, body, serviceHeaders(body, null));
    serve.child.kill('SIGTERM');
    await serve.exited;

    const { stdout } = await run(process.execPath, [builtCli, 'export', '--data-dir', dataDir, '--format', 'ndjson']);
    const lines = stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines.map((l) => l.path)).toEqual(['/one', '/two']);
    expect(lines[0]).toMatchObject({
      id: 1,
      method: 'POST',
      event: 'payout.processing',
      payoutType: 'gift_cards',
      form: 'gift_cards',
      signature: 'valid',
      duplicateOf: null,
      bodySha256: createHash('sha256').update(body).digest('hex'),
    });
    expect(Buffer.from(lines[0].bodyBase64, 'base64').equals(body)).toBe(true);
    expect(lines[1]).toMatchObject({ signature: 'missing', duplicateOf: 1 });
    expect(lines[1].idempotencyKey).toBe(lines[0].idempotencyKey);
    expect(Array.isArray(lines[0].headers[0])).toBe(true);
    expect(new Date(lines[0].receivedAt).toISOString()).toBe(lines[0].receivedAt);
    expect(stdout).not.toContain(testSecret);
  });
});
