import { afterEach, describe, expect, it } from 'vitest';
import { handlerCheckBattery } from '../../src/main/core/handler-check/battery';
import { runHandlerCheck, type CheckRun } from '../../src/main/core/handler-check/run-check';
import { selectCases } from '../../src/main/core/handler-check/select-cases';
import { personalEgress } from '../../src/main/core/outbound/egress-policy';
import { defaultSenderLimits, sendReplay } from '../../src/main/core/replay/send-replay';
import { startHandler, type HandlerFlaw, type HandlerUnderCheck } from '../support/handlers-under-check';

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
    expect(forgeries.length).toBe(9);
    expect(forgeries.every((r) => r.verdict === 'security-failure')).toBe(true);
    expect(run.results.slice(0, 9).every((r) => r.verdict === 'security-failure')).toBe(true);
    expect(forgeries[0]!.reason).toMatch(/forged delivery was accepted.*spec 5\.4/);
    expect(idsWith(run, 'fail')).toEqual([]);
  });

  it('fails a handler that answers 400 to unknown events, saying the service would abandon them', async () => {
    const run = await check('rejects-unknown-events', { only: ['ignores-unknown', 'acknowledges'] });
    expect(idsWith(run, 'fail')).toEqual(['ignores-unknown/recipient-event', 'ignores-unknown/payout-event']);
    expect(run.results[0]!.reason).toMatch(/^400: the service abandons the event at the first 4xx, never retried \(spec 7\)/);
  });

  it('fails a handler that fails on a second copy, saying the service would retry', async () => {
    const run = await check('fails-on-second-copy', { only: ['at-least-once'] });
    expect(idsWith(run, 'fail')).toEqual(['at-least-once/same-bytes-again', 'at-least-once/two-copies-at-once']);
    expect(run.results[0]!.reason).toMatch(/second copy: 500: the service retries \(spec 7\)/);
    expect(idsWith(run, 'pass')).toEqual(['at-least-once/crypto-lifecycle-reversed', 'at-least-once/gift-card-lifecycle-reversed']);
  });

  it('fails a handler slower than the read timeout, and flags slow answers within it', async () => {
    const timedOut = await check('slow', { only: ['acknowledges/gift-cards-payout-processing-payout'], readTimeoutMs: 500, slowMs: 3_000 });
    expect(timedOut.results[0]!.verdict).toBe('fail');
    expect(timedOut.results[0]!.reason).toMatch(/no answer within 0\.5 s: the service's read timeout \(spec 8\)/);
    await handler!.close();
    const slow = await check('slow', { only: ['acknowledges/gift-cards-payout-processing-payout'], slowMs: 1_200 });
    expect(slow.results[0]!.verdict).toBe('pass');
    expect(slow.latency.slow).toBe(1);
    expect(slow.latency.p50Ms).toBeGreaterThanOrEqual(1_200);
  });
});
