import { describe, expect, it } from 'vitest';
import { checkApiToken } from 'payout-simulator/internal/api/auth';

describe('the X-Api-Token check', () => {
  it('tells a missing token from a wrong one', () => {
    expect(checkApiToken('secret-token', 'secret-token')).toBe('ok');
    expect(checkApiToken(undefined, 'secret-token')).toBe('missing');
    expect(checkApiToken('', 'secret-token')).toBe('missing');
    expect(checkApiToken('secret-tokeN', 'secret-token')).toBe('wrong');
    expect(checkApiToken('secret', 'secret-token')).toBe('wrong');
    expect(checkApiToken('secret-token-and-more', 'secret-token')).toBe('wrong');
    expect(checkApiToken(['secret-token', 'secret-token'], 'secret-token')).toBe('wrong');
  });
});
