import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestCore, type TestCore } from '../support/core-fixture';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';

describe('response policy', () => {
  let t: TestCore;
  beforeEach(async () => {
    t = await startTestCore({ secret: testSecret });
  });
  afterEach(() => t.stop());

  const send = (secret: string | null = testSecret) => {
    const body = giftCardBody();
    return post(t.receiverUrl, body, serviceHeaders(body, secret));
  };
  const policy = (p: object) =>
    t.call('settings.setPolicy', { status: 200, delayMs: 0, failNext: 0, failStatus: 500, rejectInvalidSignature: false, ...p });

  it('answers 200 by default and stores the answer', async () => {
    const answer = await send();
    expect(answer.status).toBe(200);
    const detail = await t.call('deliveries.get', { id: Number(answer.headers['x-inspector-delivery-id']) });
    expect(detail.response).toMatchObject({ status: 200, reason: 'policy: default' });
  });

  it('answers a fixed status, 3xx with a Location', async () => {
    await policy({ status: 500 });
    expect((await send()).status).toBe(500);
    await policy({ status: 404 });
    expect((await send()).status).toBe(404);
    await policy({ status: 301 });
    const moved = await send();
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/');
  });

  it('waits before answering, and records how long after the request the answer went out', async () => {
    await policy({ delayMs: 300 });
    const started = performance.now();
    const answer = await send();
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(290);
    const detail = await t.call('deliveries.get', { id: Number(answer.headers['x-inspector-delivery-id']) });
    expect(detail.response.afterMs).toBeGreaterThanOrEqual(300);
    expect(detail.response.afterMs).toBeLessThanOrEqual(Math.ceil(waited));
    await policy({ delayMs: 0 });
    const prompt = await send();
    const quick = await t.call('deliveries.get', { id: Number(prompt.headers['x-inspector-delivery-id']) });
    expect(quick.response.afterMs).toBeLessThan(300);
  });

  it('fails the next N deliveries, then succeeds', async () => {
    await policy({ failNext: 2, failStatus: 503 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([503, 503, 200, 200]);
  });

  it('counts a failure of "fail the next N" only for a delivery it stored: one the store refused (503) does not use it up', async () => {
    await policy({ failNext: 2, failStatus: 500 });
    const saboteur = new Database(join(t.dataDir, 'inspector.sqlite3'));
    try {
      saboteur.exec(`CREATE TRIGGER storage_fault BEFORE INSERT ON deliveries BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`);
      expect((await send()).status).toBe(503);
      saboteur.exec('DROP TRIGGER storage_fault');
    } finally {
      saboteur.close();
    }
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await send()).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('answers 401 to a bad signature when strict', async () => {
    await policy({ rejectInvalidSignature: true });
    expect((await send()).status).toBe(200);
    expect((await send(null)).status).toBe(401);
    expect((await send('another secret')).status).toBe(401);
    const list = await t.call('deliveries.list', { filter: {} });
    expect(list.items.map((i) => i.responseStatus)).toEqual([401, 401, 200]);
  });

  it('keeps the policy across restarts', async () => {
    await policy({ status: 202 });
    const dataDir = t.dataDir;
    await t.core.close();
    t = await startTestCore({ dataDir, secret: testSecret });
    expect((await t.call('status.get', {})).policy.status).toBe(202);
  });
});
