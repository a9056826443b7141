import { afterAll, describe, expect, it } from 'vitest';
import type { CallName, CallOutput } from '../../src/shared/contract';
import { spawnServe, type ServeProcess } from '../support/cli-process';
import { tempDataDir } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { stopTestPostgres, storeLocation, testPostgres } from '../support/engines';
import { holdInsertsTo } from '../support/held-inserts';
import { post } from '../support/https-client';
import { until } from '../support/until';

/** A call to the control server of a `serve` process, as its UI makes it. */
async function call<N extends CallName>(serve: ServeProcess, name: N, input: object = {}): Promise<CallOutput<N>> {
  const ui = new URL(serve.lines.UI!);
  const res = await fetch(`${ui.origin}/rpc/${name}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ui.searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as CallOutput<N>;
}

async function stop(serve: ServeProcess): Promise<void> {
  serve.child.kill('SIGTERM');
  expect(await serve.exited).toBe(0);
}

describe('serve --store postgresql://…, the built CLI', () => {
  afterAll(stopTestPostgres);

  it('keeps what it receives in the database across a restart, and its status says the engine, never the password', async () => {
    // The test cluster trusts its clients: the password is not checked, only carried.
    const url = (await storeLocation('postgresql'))!.replace('postgresql://inspector@', 'postgresql://inspector:hunter2-db-password@');
    const args = (dataDir: string) => ['--data-dir', dataDir, '--store', url, '--port', '0', '--ui-port', '0', '--secret', testSecret, '--no-simulator'];
    const output: string[] = [];
    const collect = (serve: ServeProcess) => {
      for (const stream of [serve.child.stdout, serve.child.stderr]) stream.on('data', (chunk: Buffer) => output.push(chunk.toString()));
      output.push(...Object.values(serve.lines));
      return serve;
    };

    const first = collect(await spawnServe(args(tempDataDir())));
    const body = giftCardBody();
    const answer = await post(`${first.lines['Receiver (HTTPS)']}/webhooks`, body, serviceHeaders(body));
    expect(answer.status).toBe(200);
    const status = await call(first, 'status.get');
    expect(status.store).toEqual({ engine: 'postgresql', location: url.replace(':hunter2-db-password', '') });
    expect(status.deliveryCount).toBe(1);
    await stop(first);

    // Another data dir: the deliveries are in the database, not in the folder.
    const second = collect(await spawnServe(args(tempDataDir())));
    try {
      const list = await call(second, 'deliveries.list', { filter: {} });
      expect(list.total).toBe(1);
      const detail = await call(second, 'deliveries.get', { id: list.items[0]!.id });
      expect(Buffer.from(detail.bodyBase64, 'base64').equals(body)).toBe(true);
      expect(detail.signature).toBe('valid');
      expect((await call(second, 'status.get')).store.engine).toBe('postgresql');
    } finally {
      await stop(second);
    }
    expect(output.join('')).not.toContain('hunter2');
  });

  it('keeps serving when the PostgreSQL server stops in the middle of a commit, and stores again once it is back', async () => {
    const url = (await storeLocation('postgresql'))!;
    const serve = await spawnServe(['--data-dir', tempDataDir(), '--store', url, '--port', '0', '--ui-port', '0', '--no-simulator']);
    const held = await holdInsertsTo(url);
    try {
      const receiver = serve.lines['Receiver (HTTPS)']!;
      const body = giftCardBody();
      const during = post(`${receiver}/held`, body, serviceHeaders(body)).catch((error: Error) => error);
      await until(held.waiting, (n) => n === 1, 10_000);
      const cluster = await testPostgres();
      await cluster.halt();
      // Its connection ended under the transaction: the sender is told to retry.
      expect(await during).toMatchObject({ status: 503 });
      await cluster.resume();

      const after = await post(`${receiver}/webhooks`, body, serviceHeaders(body));
      expect(after.status).toBe(200);
      expect((await call(serve, 'deliveries.list', { filter: {} })).total).toBe(1);
      expect(serve.child.exitCode).toBeNull();
    } finally {
      await held.close();
      await stop(serve);
    }
  });
});
