import { describe, expect, it } from 'vitest';
import { checkCallbackUrl } from '../../../src/main/core/service-api/callback-url';
import { redact, redactJson } from '../../../src/main/core/service-api/errors';
import { thrown } from './thrown';

describe('the callback URL check', () => {
  it('takes no URL or an https: one, and refuses anything else before sending', () => {
    expect(() => checkCallbackUrl(undefined)).not.toThrow();
    expect(() => checkCallbackUrl('https://example.test/hook')).not.toThrow();
    expect(thrown(() => checkCallbackUrl('http://example.test/hook')).message).toMatch(/must be an https: URL, not http:.*not sent/);
    expect(thrown(() => checkCallbackUrl('example.test/hook')).status).toBe(400);
    expect(thrown(() => checkCallbackUrl('')).status).toBe(400);
  });
});

describe('token redaction', () => {
  it('cuts the token out of text and out of every string of a JSON value', () => {
    expect(redact('Invalid API token tok_123 given', 'tok_123')).toBe('Invalid API token [redacted] given');
    expect(redactJson({ message: 'tok_123', errors: [{ tok_123: 'x tok_123' }], n: 1 }, 'tok_123')).toEqual({
      message: '[redacted]',
      errors: [{ '[redacted]': 'x [redacted]' }],
      n: 1,
    });
  });
});
