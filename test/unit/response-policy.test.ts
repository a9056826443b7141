import { describe, expect, it } from 'vitest';
import { ResponsePolicyState } from '../../src/main/core/receiver/response-policy';
import { defaultResponsePolicy } from '../../src/shared/policy';

describe('ResponsePolicyState', () => {
  const failing = (failNext: number) => new ResponsePolicyState({ ...defaultResponsePolicy, failNext, failStatus: 500 });

  it('gives back a failure counted for a delivery that was not stored', () => {
    const state = failing(1);
    const refused = state.answer(() => 'valid');
    expect(refused.status).toBe(500);
    state.giveBack(refused);
    expect(state.answer(() => 'valid').status).toBe(500);
    expect(state.answer(() => 'valid').status).toBe(200);
  });

  it('gives nothing back for an answer that counted nothing, or once the user has set another policy', () => {
    const state = failing(1);
    const counted = state.answer(() => 'valid');
    state.giveBack(state.answer(() => 'valid'));
    expect(state.policy.failNext).toBe(0);
    state.set({ ...defaultResponsePolicy, failNext: 0 });
    state.giveBack(counted);
    expect(state.answer(() => 'valid').status).toBe(200);
  });
});
