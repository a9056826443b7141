import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { builtWriterThread, startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { until } from '../support/until';
import { humanLogger } from '../../src/main/core/logger';
import { mortalWriterThread } from '../support/mortal-writer-thread';

describe("the receiver's writer thread, when it dies", () => {
  let t: TestCore | null = null;
  afterEach(async () => {
    await t?.stop();
    t = null;
  });

  it('is started again once, deliveries still stored; when it dies again, senders get 503 and the status and the log say why', async () => {
    const thread = mortalWriterThread(builtWriterThread);
    const log: string[] = [];
    t = await startTestCore({ secret: testSecret, writerThreadFile: thread.file, logger: humanLogger((line) => log.push(line)) });
    const core = t;
    const url = `${core.receiverUrl}/webhooks`;
    let n = 0;
    const send = () => {
      const body = giftCardBody({ recipient_uuid: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` });
      return post(url, body, serviceHeaders(body));
    };
    const stopped = () => log.filter((line) => line.startsWith('store: the writer thread stopped (exit code 1)')).length;

    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(200);
    thread.kill();
    await until(async () => stopped(), (count) => count === 1);

    // Started again: every delivery is stored, as before.
    const after = await Promise.all([send(), send(), send()]);
    expect(after.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(log.filter((line) => line.startsWith('store: restarting the writer thread'))).toHaveLength(1);
    expect((await core.call('deliveries.list', { filter: {} })).total).toBe(6);
    expect((await core.call('status.get', {})).storeFailure).toBeNull();

    thread.kill();
    await until(async () => stopped(), (count) => count === 2);
    const refused = await Promise.all([send(), send()]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body)).toEqual({ error: 'the delivery could not be stored; retry later' });
    }
    const reason = /the store's writer thread stopped again after a restart \(the store writer stopped \(exit code 1\)\)/;
    expect((await core.call('status.get', {})).storeFailure).toMatchObject({ message: expect.stringMatching(reason), refused: 2 });
    expect(log.filter((line) => line.startsWith('receiver: could not store a delivery') && reason.test(line))).toHaveLength(2);
    // Not moved to the main thread: nothing more was stored.
    expect((await core.call('deliveries.list', { filter: {} })).total).toBe(6);
    expect(existsSync(thread.file)).toBe(true);
  });
});
