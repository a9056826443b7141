import { zodResolver } from '@hookform/resolvers/zod';
import { describe, expect, it } from 'vitest';
import { firstProblem } from '../../src/renderer/src/components/form/field-problems';
import { CheckFields, checkProblems } from '../../src/renderer/src/features/check/check-fields';

// The Check view's run form as typed, turned into check.start's input by its shared schema.

describe('the check run form', () => {
  it('sends the trimmed URL, and a secret only when one is typed', () => {
    expect(CheckFields.parse({ url: ' http://localhost:3000/hooks ', allowSelfSigned: true, secret: '' })).toEqual({
      url: 'http://localhost:3000/hooks',
      allowSelfSigned: true,
      only: [],
      deliveryIds: [],
    });
    expect(CheckFields.parse({ url: 'https://h.example/hooks', allowSelfSigned: false, secret: 's3cret' })).toMatchObject({ secret: 's3cret' });
  });

  it('refuses what is not an http(s) URL, and a secret longer than the schema allows, saying which', async () => {
    const errorsOf = async (values: CheckFields) => (await zodResolver(CheckFields)(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors;
    expect(firstProblem(await errorsOf({ url: 'localhost:3000', allowSelfSigned: false, secret: '' }), checkProblems)).toBe(checkProblems.url);
    expect(firstProblem(await errorsOf({ url: 'ftp://h.example/', allowSelfSigned: false, secret: '' }), checkProblems)).toBe(checkProblems.url);
    expect(firstProblem(await errorsOf({ url: 'http://h.example/', allowSelfSigned: false, secret: 'x'.repeat(4097) }), checkProblems)).toBe(checkProblems.secret);
    expect(checkProblems.secret).toBe("Your handler's secret is at most 4096 characters.");
  });
});
