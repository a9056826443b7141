import { describe, expect, it } from 'vitest';
import { createDatabaseProbe } from 'webhook-inspector-relay';

/** A stand-in for the database's answer to `SELECT 1`: counts the queries, each answered when the test says. */
function database() {
  const pending: Array<{ answer: () => void; fail: (error: unknown) => void }> = [];
  return {
    pending,
    ask: () =>
      new Promise<void>((resolve, reject) => {
        pending.push({ answer: resolve, fail: reject });
      }),
  };
}

function clock() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const never = 3_600_000;

/** Lets every pending promise callback run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the probe of the relay’s database, for health checks', () => {
  it('asks one query for all the checks that come while it is in flight', async () => {
    const db = database();
    const probe = createDatabaseProbe({ ask: db.ask, reuseMs: 1000, answerWithinMs: never });
    const checks = Array.from({ length: 50 }, () => probe());
    await settled();
    expect(db.pending).toHaveLength(1);
    db.pending[0]!.answer();
    expect(new Set(await Promise.all(checks))).toEqual(new Set([{ ok: true }]));
    expect(db.pending).toHaveLength(1);
  });

  it('reuses an answer for reuseMs, then asks again', async () => {
    const db = database();
    const time = clock();
    const probe = createDatabaseProbe({ ask: db.ask, reuseMs: 1000, answerWithinMs: never, now: time.now });
    const first = probe();
    await settled();
    db.pending[0]!.answer();
    expect(await first).toEqual({ ok: true });
    time.advance(999);
    const reused = probe();
    await settled();
    expect(db.pending).toHaveLength(1);
    expect(await reused).toEqual({ ok: true });
    time.advance(1);
    const second = probe();
    await settled();
    expect(db.pending).toHaveLength(2);
    db.pending[1]!.fail(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(await second).toEqual({ ok: false, reason: 'the database cannot be reached' });
  });

  it('says unavailable when the database does not answer within the bound, and adds no query while that one hangs', async () => {
    const db = database();
    const time = clock();
    const probe = createDatabaseProbe({ ask: db.ask, reuseMs: 1000, answerWithinMs: 50, now: time.now });
    const tooSlow = { ok: false, reason: 'the database did not answer within 0.05 s' };
    expect(await probe()).toEqual(tooSlow);
    time.advance(1000);
    expect(await probe()).toEqual(tooSlow);
    expect(db.pending).toHaveLength(1);

    db.pending[0]!.answer();
    await settled();
    time.advance(1000);
    const again = probe();
    await settled();
    expect(db.pending).toHaveLength(2);
    db.pending[1]!.answer();
    expect(await again).toEqual({ ok: true });
  });

  it('gives a reason of its own words: the SQLSTATE of a refusal, never the driver’s message (which may name host, user or database)', async () => {
    const reasonOf = async (error: unknown) => {
      const probe = createDatabaseProbe({ ask: () => Promise.reject(error), reuseMs: 1000, answerWithinMs: never });
      return probe();
    };
    const refused = Object.assign(new Error('password authentication failed for user "relay"'), { code: '28P01' });
    expect(await reasonOf(refused)).toEqual({ ok: false, reason: 'the database refused the query (SQLSTATE 28P01)' });
    expect(await reasonOf(new Error('Connection terminated unexpectedly'))).toEqual({ ok: false, reason: 'the database cannot be reached' });
    expect(await reasonOf(new Error('postgresql://relay:secret@db/relay is odd'))).toEqual({ ok: false, reason: 'the query failed' });
  });
});
