import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { builtPostgresWriter, startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { stopTestPostgres, storeLocation } from '../support/engines';
import { post } from '../support/https-client';
import { tempDataDir } from '../support/temp-dir';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';

/**
 * The PostgreSQL store's built writer thread, made mortal: it runs as built, and ends its thread (as a crash would,
 * exit code 1) each time the test creates `die` beside it.
 */
function mortalWriterThread(): { file: string; kill(): void } {
  const dir = tempDataDir();
  const die = join(dir, 'die');
  const file = join(dir, 'postgres-writer.js');
  writeFileSync(
    file,
    `const { existsSync, unlinkSync, watch } = require('node:fs');
require(${JSON.stringify(builtPostgresWriter)});
watch(${JSON.stringify(dir)}, () => {
  if (!existsSync(${JSON.stringify(die)})) return;
  unlinkSync(${JSON.stringify(die)});
  process.exit(1);
}).unref();
`,
  );
  return { file, kill: () => writeFileSync(die, '') };
}

describe("a team server's writer thread (PostgreSQL), when it dies", () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });
  afterAll(stopTestPostgres);

  it('is started again once, deliveries still stored and derived; when it dies again, senders get 503 and the status and the log say why', async () => {
    const thread = mortalWriterThread();
    const log: string[] = [];
    const store = await storeLocation('postgresql');
    t = await startTestCore({ store, secret: testSecret, postgresWriterFile: thread.file, logger: humanLogger((line) => log.push(line)) });
    const core = t;
    const url = `${core.receiverUrl}/webhooks`;
    const body = giftCardBody({ recipient_uuid: '00000000-0000-4000-8000-000000000001' });
    const send = () => post(url, body, serviceHeaders(body));
    const stopped = () => log.filter((line) => line.startsWith('store: the writer thread stopped (exit code 1)')).length;

    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    thread.kill();
    await until(async () => stopped(), (count) => count === 1);

    // Started again: every delivery is stored, and the new thread derives them (one group of the six copies).
    const after = await Promise.all([send(), send(), send()]);
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(log.filter((line) => line.startsWith('store: restarting the writer thread'))).toHaveLength(1);
    expect((await core.call('deliveries.list', { filter: {} })).total).toBe(6);
    const groups = await until(() => core.call('duplicates.list', {}), (d) => d.items[0]?.count === 6);
    expect(groups.items).toHaveLength(1);
    expect((await core.call('status.get', {})).storeFailure).toBeNull();

    thread.kill();
    await until(async () => stopped(), (count) => count === 2);
    const refused = await Promise.all([send(), send()]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ error: 'the delivery could not be stored; retry later' });
    }
    const reason = /the store's writer thread stopped again after a restart \(exit code 1\)/;
    expect((await core.call('status.get', {})).storeFailure).toMatchObject({ message: expect.stringMatching(reason), refused: 2 });
    expect(log.filter((line) => line.startsWith('receiver: could not store a delivery') && reason.test(line))).toHaveLength(2);
    // Not moved to the main thread: nothing more was stored.
    expect((await core.call('deliveries.list', { filter: {} })).total).toBe(6);
  });
});
