import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { stopTestPostgres, storeLocation } from '../support/engines';
import { holdInsertsTo } from '../support/held-inserts';
import { post } from '../support/https-client';
import { until } from '../support/until';

// Several inspectors on one SQLite file is not a setup the app offers (the file lives in one data dir).
describe('two inspectors receiving into one PostgreSQL database', () => {
  const started: TestCore[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((t) => t.stop()));
    await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
  });
  afterAll(stopTestPostgres);

  async function twoCores() {
    const url = (await storeLocation('postgresql'))!;
    for (let i = 0; i < 2; i++) started.push(await startTestCore({ store: url, secret: testSecret }));
    return { a: started[0]!, b: started[1]!, url };
  }

  it('derives a delivery whose commit another inspector overtook: both copies are one duplicate group', async () => {
    const { a, b, url } = await twoCores();
    const held = await holdInsertsTo(url);
    cleanups.push(held.close);
    const body = giftCardBody({ recipient_uuid: randomUUID() });
    const headers = serviceHeaders(body);
    const first = post(`${a.receiverUrl}/held`, body, headers);
    await until(held.waiting, (n) => n === 1, 10_000);
    let secondAnswered = false;
    const second = post(`${b.receiverUrl}/webhooks`, body, headers).then((answer) => {
      secondAnswered = true;
      return answer;
    });
    // The second copy is committed at once, or waits its turn behind the first.
    await until(async () => secondAnswered || (await held.waiting()) === 2, (done) => done, 10_000);
    // A view read on B derives whatever is committed so far, while the first copy is still being written.
    await b.call('duplicates.list', {});

    await held.release();
    const answers = [await first, await second];
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const ids = answers.map((r) => Number(r.headers['x-inspector-delivery-id']));
    for (const core of [a, b]) {
      const duplicates = await until(() => core.call('duplicates.list', {}), (d) => d.items[0]?.count === 2, 5_000);
      expect(duplicates.items.map((g) => [g.count, g.firstId, g.lastId])).toEqual([[2, ids[0], ids[1]]]);
    }
  });

  it("draws no id for a commit while another inspector's is under way, so that ids commit in order", async () => {
    const { a, b, url } = await twoCores();
    const held = await holdInsertsTo(url);
    cleanups.push(held.close);
    const firstBody = giftCardBody({ recipient_uuid: randomUUID() });
    const first = post(`${a.receiverUrl}/held`, firstBody, serviceHeaders(firstBody));
    await until(held.waiting, (n) => n >= 1, 10_000);
    const body = giftCardBody({ recipient_uuid: randomUUID() });
    let secondAnswered = false;
    const second = post(`${b.receiverUrl}/webhooks`, body, serviceHeaders(body)).then((answer) => {
      secondAnswered = true;
      return answer;
    });
    // A session waiting for another's transaction: the second commit, behind the first's lock on the counts.
    const waitingBehindCommit = async () =>
      (
        await held.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event = 'transactionid' AND datname = current_database()",
        )
      ).rows[0]!.n === '1';
    await until(async () => secondAnswered || (await waitingBehindCommit()), (done) => done, 10_000);
    expect(secondAnswered).toBe(false);
    // It waits before its rows: the identity has drawn the first's id only.
    const { rows } = await held.query<{ last_value: string }>("SELECT last_value FROM pg_sequences WHERE sequencename = 'deliveries_id_seq'");
    expect(Number(rows[0]!.last_value)).toBe(1);

    await held.release();
    const answers = [await first, await second];
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(answers.map((r) => Number(r.headers['x-inspector-delivery-id']))).toEqual([1, 2]);
  });

  it('stores, counts and groups every copy of a burst sent to both at once', async () => {
    const { a, b } = await twoCores();
    const body = giftCardBody({ recipient_uuid: randomUUID() });
    const headers = serviceHeaders(body);
    const copies = 40;
    const answers = await Promise.all(
      [a, b].flatMap((core) => Array.from({ length: copies }, () => post(`${core.receiverUrl}/webhooks`, body, headers))),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const ids = answers.map((r) => Number(r.headers['x-inspector-delivery-id'])).sort((x, y) => x - y);
    expect(new Set(ids).size).toBe(2 * copies);
    for (const core of [a, b]) {
      // Each one's list counts the other's deliveries too.
      const list = await core.call('deliveries.list', { filter: {}, limit: 500 });
      expect(list.total).toBe(2 * copies);
      expect(list.items.map((d) => d.id).sort((x, y) => x - y)).toEqual(ids);
      const duplicates = await until(() => core.call('duplicates.list', {}), (d) => d.items[0]?.count === 2 * copies, 5_000);
      expect(duplicates.items.map((g) => [g.count, g.firstId, g.lastId])).toEqual([[2 * copies, ids[0], ids.at(-1)]]);
    }
  });
});
