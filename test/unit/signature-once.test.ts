import { rmSync } from 'node:fs';
import * as serviceSignature from '@webhook-inspector/service-signature';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../src/main/core/core-options';
import { startCore } from '../../src/main/core/start-core';
import type { CallInput, CallName, CallOutput } from '../../src/shared/contract';
import { giftCardBody, serviceHeaders, testSecret } from '../support/deliveries';
import { post } from '../support/https-client';
import { tempDataDir } from '../support/temp-dir';

// Every HMAC of the inspector goes through the package's signatureDigest (analysis/signature.ts expectedDigest):
// counted here, computed as ever.
vi.mock('@webhook-inspector/service-signature', async (importOriginal) => {
  const real = await importOriginal<typeof serviceSignature>();
  return { ...real, signatureDigest: vi.fn(real.signatureDigest) };
});
const hmacs = vi.mocked(serviceSignature.signatureDigest);

/**
 * A real core, analysing and committing on this thread (no writer thread), so that the receiver's check and the
 * store's analysis are both counted.
 */
describe('the HMAC of a delivery is computed once', () => {
  let core: Core;
  let dataDir: string;
  const call = async <N extends CallName>(name: N, input: CallInput<N>): Promise<CallOutput<N>> => {
    const token = new URL(core.urls.ui).searchParams.get('token')!;
    const res = await fetch(`${core.urls.uiOrigin}/rpc/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as CallOutput<N>;
  };
  const policy = (rejectInvalidSignature: boolean) =>
    call('settings.setPolicy', { status: 200, delayMs: 0, failNext: 0, failStatus: 500, rejectInvalidSignature });

  /** Sends a valid delivery, its retry, one signed with another secret and one unsigned: their answers and verdicts. */
  const sendFour = async () => {
    const body = giftCardBody();
    const other = giftCardBody({ recipient_name: 'Grace Hopper' });
    const unsigned = giftCardBody({ recipient_name: 'Alan Turing' });
    const sends = [
      [body, serviceHeaders(body)],
      [body, serviceHeaders(body)],
      [other, serviceHeaders(other, 'another secret')],
      [unsigned, serviceHeaders(unsigned, null)],
    ] as const;
    hmacs.mockClear();
    const statuses: number[] = [];
    for (const [bytes, headers] of sends) statuses.push((await post(core.urls.receiverHttps!, bytes, headers)).status);
    const computed = hmacs.mock.calls.length;
    const { items } = await call('deliveries.list', { filter: {} });
    return { statuses, computed, verdicts: items.slice(0, 4).reverse().map((item) => item.signature) };
  };

  beforeEach(async () => {
    dataDir = tempDataDir();
    core = await startCore({ dataDir, httpsPort: 0, uiPort: 0, simulator: false, writerThreadFile: null, secret: testSecret });
  });
  afterEach(async () => {
    await core.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when the policy refuses invalid signatures: the receiver’s, which the analysis takes from the capture', async () => {
    await policy(true);
    const { statuses, computed, verdicts } = await sendFour();
    expect(statuses).toEqual([200, 200, 401, 401]);
    expect(verdicts).toEqual(['valid', 'valid', 'invalid', 'missing']);
    expect(computed).toBe(4);
  });

  it('when it does not check: the analysis’s own (a retry’s body, remembered, not at all)', async () => {
    await policy(false);
    const { statuses, computed, verdicts } = await sendFour();
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(verdicts).toEqual(['valid', 'valid', 'invalid', 'missing']);
    expect(computed).toBe(3);
  });
});
