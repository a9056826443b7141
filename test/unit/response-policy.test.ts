import { describe, expect, it } from 'vitest';
import { ResponsePolicyState } from '@webhook-inspector/capture';
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

  it('checks the signature only when the policy refuses invalid ones, and then answers 401 to one that is not valid', () => {
    let checked = 0;
    const verdict = (value: 'valid' | 'invalid') => () => {
      checked++;
      return value;
    };
    const accepting = new ResponsePolicyState(defaultResponsePolicy);
    expect(accepting.answer(verdict('invalid')).status).toBe(defaultResponsePolicy.status);
    expect(checked).toBe(0);
    const refusing = new ResponsePolicyState({ ...defaultResponsePolicy, rejectInvalidSignature: true });
    expect(refusing.answer(verdict('invalid'))).toMatchObject({ status: 401, reason: 'policy: reject signatures that are not valid (invalid)' });
    expect(refusing.answer(verdict('valid')).status).toBe(defaultResponsePolicy.status);
    expect(checked).toBe(2);
  });
});
