import { describe, expect, it } from 'vitest';
import { parseSimulateArgs } from 'payout-simulator';

describe('webhook-inspector simulate arguments', () => {
  it('defaults to an ephemeral port, a generated token, seed 1 and the dispatcher’s time scale', () => {
    const options = parseSimulateArgs([]);
    expect(options).toMatchObject({ port: 0, tokenGenerated: true, seed: 1, timeScale: undefined });
    expect(options.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(parseSimulateArgs([]).token).not.toBe(options.token);
  });

  it('takes every option', () => {
    expect(parseSimulateArgs(['--port', '8080', '--token', 'tok', '--seed', '42', '--time-scale', '0.5'])).toEqual({
      port: 8080,
      token: 'tok',
      tokenGenerated: false,
      seed: 42,
      timeScale: 0.5,
      json: false,
      allowHttp: false,
      trustFingerprint: null,
      insecure: false,
    });
    const fingerprint = 'ab'.repeat(32);
    expect(parseSimulateArgs(['--json', '--allow-http', '--trust-fingerprint', fingerprint])).toMatchObject({
      json: true,
      allowHttp: true,
      trustFingerprint: 'AB:'.repeat(31) + 'AB',
      insecure: false,
    });
    expect(parseSimulateArgs(['--insecure']).insecure).toBe(true);
    expect(parseSimulateArgs(['--time-scale', '60']).timeScale).toBe(60);
    expect(parseSimulateArgs(['--seed', '4294967295']).seed).toBe(4294967295);
  });

  it('refuses bad values with a message naming the option', () => {
    expect(() => parseSimulateArgs(['--port', 'x'])).toThrow(/--port/);
    expect(() => parseSimulateArgs(['--port', '70000'])).toThrow(/--port/);
    expect(() => parseSimulateArgs(['--seed', '-1'])).toThrow(/--seed/);
    expect(() => parseSimulateArgs(['--seed', '4294967296'])).toThrow(/--seed/);
    expect(() => parseSimulateArgs(['--seed', '1.5'])).toThrow(/--seed/);
    for (const scale of ['0', '-1', 'fast', 'Infinity', '1e3']) expect(() => parseSimulateArgs(['--time-scale', scale])).toThrow(/--time-scale/);
    expect(() => parseSimulateArgs(['--token', ''])).toThrow(/--token/);
    expect(() => parseSimulateArgs(['--trust-fingerprint', 'AB:CD'])).toThrow(/--trust-fingerprint/);
    expect(() => parseSimulateArgs(['--insecure', '--trust-fingerprint', 'ab'.repeat(32)])).toThrow(/not both/);
    expect(() => parseSimulateArgs(['--unknown'])).toThrow();
  });
});
