import { afterEach, describe, expect, it } from 'vitest';
import { handlerCheckBattery } from '../../src/main/core/handler-check/battery';
import { runHandlerCheck, type CheckRun } from '../../src/main/core/handler-check/run-check';
import { selectCases } from '../../src/main/core/handler-check/select-cases';
import { personalEgress } from '../../src/main/core/outbound/egress-policy';
import { defaultSenderLimits, sendReplay } from '../../src/main/core/replay/send-replay';
import { HandlerUnreachable } from '../../src/main/core/handler-check/unreachable';
import { startHandler, type HandlerFlaw, type HandlerUnderCheck } from '../support/handlers-under-check';
import { unusedPort } from '../support/unused-port';

const secret = 'whsec_handler_check_0123456789abcdef';
let handler: HandlerUnderCheck | null = null;

afterEach(async () => {
  await handler?.close();
  handler = null;
});

async function check(flaw: HandlerFlaw, options: { only?: string[]; readTimeoutMs?: number; slowMs?: number } = {}): Promise<CheckRun> {
  handler = await startHandler(secret, flaw, { slowMs: options.slowMs });
  const readTimeoutMs = options.readTimeoutMs ?? defaultSenderLimits.readTimeoutMs;
  const limits = { ...defaultSenderLimits, readTimeoutMs };
  const cases = selectCases(handlerCheckBattery({ secret, largeBodyBytes: 200 * 1024 }), options.only ?? []);
  return runHandlerCheck(
    { url: new URL(handler.url), allowSelfSigned: false, egress: personalEgress(), readTimeoutMs, send: (out) => sendReplay(out, limits, new AbortController().signal) },
    cases,
  );
}

const idsWith = (run: CheckRun, verdict: string) => run.results.filter((r) => r.verdict === verdict).map((r) => r.id);

describe('the handler check grades a handler against the spec', () => {
  it('passes a correct handler on every case, and the battery covers every form and category', async () => {
    const run = await check('none');
    expect(idsWith(run, 'fail')).toEqual([]);
    expect(idsWith(run, 'security-failure')).toEqual([]);
    const ids = run.results.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([
      'acknowledges/gift-cards-payout-processing-payout',
      'acknowledges/gift-cards-payout-processing-recipient',
      'acknowledges/gift-cards-payout-failed-recipient',
      'acknowledges/crypto-form-a-payout-quote-created',
      'acknowledges/crypto-form-a-payout-quote-confirmed',
      'acknowledges/crypto-form-a-payout-quote-canceled',
      'acknowledges/crypto-form-a-payout-status-changed',
      'acknowledges/crypto-form-a-payout-terminal-state',
      'acknowledges/crypto-form-b-payout-processing',
      'acknowledges/crypto-form-b-payout-failed',
      'rejects-forgeries/reserialised-json',
      'at-least-once/two-copies-at-once',
      'awkward-payloads/large-body',
    ]));
    // Every real event it took once, every copy again it acknowledged without taking it twice.
    expect(handler!.taken).toContain('payout.terminal_state');
    expect(run.latency.p99Ms).toBeLessThan(10_000);
  });

  it('lists a handler that skips the signature check as a security failure on every forgery, first', async () => {
    const run = await check('skips-signature');
    const forgeries = run.results.filter((r) => r.category === 'rejects-forgeries');
    expect(forgeries.length).toBe(10);
    expect(forgeries.every((r) => r.verdict === 'security-failure')).toBe(true);
    expect(run.results.slice(0, 10).every((r) => r.verdict === 'security-failure')).toBe(true);
    expect(run.causes.map((c) => [c.id, c.caseIds.length])).toEqual([['signature-not-checked', 10]]);
    expect(forgeries.every((r) => r.cause === 'signature-not-checked')).toBe(true);
    expect(forgeries[0]!.reason).toMatch(/forged delivery was accepted.*spec 5\.4/);
    expect(idsWith(run, 'fail')).toEqual([]);
  });

  it('fails a handler that answers 400 to unknown events, saying the service would abandon them', async () => {
    const run = await check('rejects-unknown-events', { only: ['ignores-unknown', 'acknowledges'] });
    expect(idsWith(run, 'fail')).toEqual(['ignores-unknown/recipient-event', 'ignores-unknown/payout-event']);
    expect(run.results[0]!.reason).toMatch(/^400: the service abandons the event at the first 4xx, never retried \(spec 7\)/);
    expect(run.causes.map((c) => [c.id, c.caseIds])).toEqual([['unknown-events-refused', ['ignores-unknown/recipient-event', 'ignores-unknown/payout-event']]]);
  });

  it('fails a handler that fails on a second copy, saying the service would retry', async () => {
    const run = await check('fails-on-second-copy', { only: ['at-least-once'] });
    expect(idsWith(run, 'fail')).toEqual(['at-least-once/same-bytes-again', 'at-least-once/same-delivery-id-again', 'at-least-once/two-copies-at-once']);
    expect(run.results[0]!.reason).toMatch(/second copy: 500: the service retries \(spec 7\)/);
    expect(run.results[0]!.fix).toMatch(/^answer 2xx to a copy you already processed/);
    expect(idsWith(run, 'pass')).toEqual(['at-least-once/crypto-lifecycle-reversed', 'at-least-once/gift-card-lifecycle-reversed']);
  });

  it('fails a handler slower than the read timeout, and flags slow answers within it', async () => {
    const timedOut = await check('slow', { only: ['acknowledges/gift-cards-payout-processing-payout'], readTimeoutMs: 500, slowMs: 3_000 });
    expect(timedOut.results[0]!.verdict).toBe('fail');
    expect(timedOut.results[0]!.reason).toMatch(/no answer within 0\.5 s: the service's read timeout \(spec 8\)/);
    expect(timedOut.results[0]!.fix).toMatch(/^answer within 0\.5 s: persist the delivery, answer 2xx, then do the slow work/);
    await handler!.close();
    const slow = await check('slow', { only: ['acknowledges/gift-cards-payout-processing-payout'], slowMs: 1_200 });
    expect(slow.results[0]!.verdict).toBe('pass');
    expect(slow.latency.slow).toBe(1);
    expect(slow.latency.p50Ms).toBeGreaterThanOrEqual(1_200);
  });

  it('ties the failures of a handler that checks the signature over re-serialised JSON to that one mistake', async () => {
    const run = await check('reserialises-json');
    expect(run.causes).toHaveLength(1);
    const [cause] = run.causes;
    expect(cause!.id).toBe('signature-over-reserialised-json');
    const failed = run.results.filter((r) => r.verdict !== 'pass');
    expect(cause!.caseIds.sort()).toEqual(failed.map((r) => r.id).sort());
    expect(failed.every((r) => r.cause === cause!.id)).toBe(true);
    expect(cause!.caseIds).toEqual(expect.arrayContaining(['rejects-forgeries/reserialised-json', 'awkward-payloads/gift-card-amount-number']));
  });

  it('stops at the first case when nothing answers: no case passes on a connection never made', async () => {
    const port = await unusedPort();
    const heard: string[] = [];
    const cases = handlerCheckBattery({ secret });
    const attempt = runHandlerCheck(
      { url: new URL(`http://127.0.0.1:${port}/webhooks`), allowSelfSigned: false, egress: personalEgress(), readTimeoutMs: 10_000, send: (out) => sendReplay(out, defaultSenderLimits, new AbortController().signal) },
      cases,
      (result) => heard.push(result.id),
    );
    const error = (await attempt.catch((e: unknown) => e)) as HandlerUnreachable;
    expect(error).toBeInstanceOf(HandlerUnreachable);
    expect(error.message).toMatch(/^Nothing answers at 127\.0\.0\.1:\d+ \(connection refused\).* No case was graded\.$/);
    expect(error.graded).toEqual([]);
    expect(heard).toEqual([]);
  });
});
