import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { firstProblem } from '../../src/renderer/src/components/form/field-problems';
import { EgressFields, egressFieldsOf } from '../../src/renderer/src/features/settings/egress-fields';
import { PortFields, portFieldsOf, portProblem } from '../../src/renderer/src/features/settings/port-fields';
import { serviceFields, serviceFieldsOf, serviceProblems } from '../../src/renderer/src/features/settings/service-fields';
import { SharedInspectorFields, sharedInspectorProblems } from '../../src/renderer/src/features/settings/shared-inspector-fields';
import { sourceFields, sourceFieldsOf, sourceProblems } from '../../src/renderer/src/features/sources/source-fields';
import { NewUserFields } from '../../src/renderer/src/features/users/new-user-fields';

// Settings' forms as typed, turned into their calls' input by the forms' schemas (the shared ones piped after):
// what is sent, and which line a form shows when it refuses, as react-hook-form's zod resolver reports it.

/** The errors a form shows for these values, as react-hook-form's zod resolver reports them. */
async function errorsOf<V extends FieldValues>(resolver: Resolver<V, unknown, unknown>, values: NoInfer<V>): Promise<FieldErrors> {
  return (await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors;
}

describe('receiver ports', () => {
  it('sends the numbers typed, and no HTTP port while plain HTTP is off', () => {
    expect(PortFields.parse({ https: '8443', httpEnabled: true, http: ' 8080 ' })).toEqual({ https: 8443, http: 8080 });
    expect(PortFields.parse({ https: '0', httpEnabled: false, http: 'not a port' })).toEqual({ https: 0, http: null });
  });

  it('refuses an empty field, a fraction and a port past 65535, saying the bounds of the schema', () => {
    for (const https of ['', ' ', '80.5', '65536', '-1']) expect(PortFields.safeParse({ https, httpEnabled: false, http: '' }).success).toBe(false);
    expect(PortFields.safeParse({ https: '443', httpEnabled: true, http: '' }).success).toBe(false);
    expect(portProblem).toBe('A port is a whole number from 0 to 65535 (0 picks a free one).');
  });

  it('shows the ports in force as the form holds them', () => {
    expect(portFieldsOf({ https: 8443, http: null })).toEqual({ https: '8443', httpEnabled: false, http: '' });
    expect(PortFields.parse(portFieldsOf({ https: 8443, http: 8080 }))).toEqual({ https: 8443, http: 8080 });
  });
});

describe('the service', () => {
  it('sends the simulator alone, or the trimmed base URL with the token only when one is typed', () => {
    expect(serviceFields(false).parse({ mode: 'simulator', baseUrl: 'junk', apiToken: 'typed' })).toEqual({ connection: { mode: 'simulator' } });
    expect(serviceFields(false).parse({ mode: 'service', baseUrl: ' https://api.example.com ', apiToken: 'tok' })).toEqual({
      connection: { mode: 'service', baseUrl: 'https://api.example.com' },
      apiToken: 'tok',
    });
    expect(serviceFields(true).parse({ mode: 'service', baseUrl: 'http://localhost:4000', apiToken: '' })).toEqual({
      connection: { mode: 'service', baseUrl: 'http://localhost:4000' },
    });
  });

  it('says the URL first, then the token a real service needs when none is kept', async () => {
    const both = await errorsOf(zodResolver(serviceFields(false)), { mode: 'service', baseUrl: 'ftp://api.example.com', apiToken: '' });
    expect(firstProblem(both, serviceProblems)).toBe(serviceProblems.connection);
    const token = await errorsOf(zodResolver(serviceFields(false)), { mode: 'service', baseUrl: 'https://api.example.com', apiToken: '' });
    expect(firstProblem(token, serviceProblems)).toBe(serviceProblems.apiToken);
    const kept = await errorsOf(zodResolver(serviceFields(true)), { mode: 'service', baseUrl: 'https://api.example.com', apiToken: '' });
    expect(kept).toEqual({});
  });

  it('shows no base URL for the simulator and never a token', () => {
    expect(serviceFieldsOf({ mode: 'simulator', baseUrl: 'http://127.0.0.1:3100', apiTokenSet: true })).toEqual({ mode: 'simulator', baseUrl: '', apiToken: '' });
    expect(serviceFieldsOf({ mode: 'service', baseUrl: 'https://api.example.com', apiTokenSet: true })).toEqual({
      mode: 'service',
      baseUrl: 'https://api.example.com',
      apiToken: '',
    });
  });
});

describe('a relay source', () => {
  const url = 'https://relay.example.com';
  const fingerprint = 'AB:'.repeat(31) + 'AB';

  it('sends the trimmed fields, no token when none is typed, and no fingerprint when empty', () => {
    expect(sourceFields(false).parse({ url: ` ${url} `, token: ' wir_1 ', fingerprint: ` ${fingerprint} ` })).toEqual({ url, token: 'wir_1', fingerprint });
    expect(sourceFields(true).parse({ url, token: '  ', fingerprint: '' })).toEqual({ url, fingerprint: null });
  });

  it('says the address, then the fingerprint, then the token a new relay needs', async () => {
    const all = await errorsOf(zodResolver(sourceFields(false)), { url: 'relay.example.com', token: '', fingerprint: 'AB:CD' });
    expect(firstProblem(all, sourceProblems)).toBe(sourceProblems.url);
    const print = await errorsOf(zodResolver(sourceFields(false)), { url, token: '', fingerprint: 'AB:CD' });
    expect(firstProblem(print, sourceProblems)).toBe(sourceProblems.fingerprint);
    const token = await errorsOf(zodResolver(sourceFields(false)), { url, token: '', fingerprint: '' });
    expect(firstProblem(token, sourceProblems)).toBe(sourceProblems.token);
    expect(await errorsOf(zodResolver(sourceFields(true)), { url, token: '', fingerprint: '' })).toEqual({});
  });

  it('shows the relay in force without its token', () => {
    expect(sourceFieldsOf(null)).toEqual({ url: '', token: '', fingerprint: '' });
    expect(sourceFieldsOf({ url, name: 'relay:relay.example.com', fingerprint: null, tokenStorage: 'file', stored: 3 })).toEqual({
      url,
      token: '',
      fingerprint: '',
    });
  });
});

describe('egress rules', () => {
  it('sends one rule a line, trimmed, without blank lines', () => {
    expect(EgressFields.parse({ rules: ' 10.0.0.0/8 \n\n*.internal.example.com\n' })).toEqual({ rules: ['10.0.0.0/8', '*.internal.example.com'] });
    expect(EgressFields.parse(egressFieldsOf([]))).toEqual({ rules: [] });
    expect(egressFieldsOf(['a', 'b'])).toEqual({ rules: 'a\nb' });
  });

  it('refuses a rule longer than the schema allows', () => {
    expect(EgressFields.safeParse({ rules: `ok\n${'x'.repeat(301)}` }).success).toBe(false);
  });
});

describe('a shared inspector', () => {
  it('takes the trimmed address and token', () => {
    expect(SharedInspectorFields.parse({ address: ' https://inspector.example.com ', token: ' wit_a ' })).toEqual({
      address: 'https://inspector.example.com',
      token: 'wit_a',
    });
  });

  it('says the address first, then the missing token', async () => {
    const both = await errorsOf(zodResolver(SharedInspectorFields), { address: 'ftp://inspector.example.com', token: ' ' });
    expect(firstProblem(both, sharedInspectorProblems)).toBe(sharedInspectorProblems.address);
    const token = await errorsOf(zodResolver(SharedInspectorFields), { address: 'https://inspector.example.com', token: ' ' });
    expect(firstProblem(token, sharedInspectorProblems)).toBe(sharedInspectorProblems.token);
  });
});

describe('a new team user', () => {
  it('sends the trimmed name and refuses one the schema does not allow', () => {
    expect(NewUserFields.parse({ name: ' ada ', role: 'viewer' })).toEqual({ name: 'ada', role: 'viewer' });
    expect(NewUserFields.safeParse({ name: 'two words', role: 'member' }).success).toBe(false);
  });
});
