import { describe, expect, it } from 'vitest';
import { editorFieldsOf } from '../../../src/renderer/src/features/replay/edit-fields';
import { ReplayFields, ReplayManyFields, replayProblem, type OptionFields } from '../../../src/renderer/src/features/replay/replay-fields';

// The replay forms as typed, turned into replay.send's and replay.many's input by the shared schemas (piped after the
// forms' own mapping), and the line a form shows when it refuses.

const options: OptionFields = {
  url: ' http://localhost:3000/webhooks ',
  signing: 'keep',
  secret: '',
  deliveryHeader: 'keep',
  timestampHeader: 'regenerate',
  allowSelfSigned: false,
};
const notEditing = { editing: false, original: null, body: '', headers: [] };
const problemOf = (fields: ReplayFields) => replayProblem(ReplayFields.safeParse(fields), fields);

describe('a single replay', () => {
  it('sends the trimmed target and the choices; the secret in force is a re-signing without a secret', () => {
    expect(ReplayFields.parse({ ...options, ...notEditing })).toEqual({
      url: 'http://localhost:3000/webhooks',
      signing: { mode: 'keep' },
      deliveryHeader: 'keep',
      timestampHeader: 'regenerate',
      allowSelfSigned: false,
    });
    expect(ReplayFields.parse({ ...options, ...notEditing, signing: 'inForce', secret: 'typed before' }).signing).toEqual({ mode: 'resign' });
    expect(ReplayFields.parse({ ...options, ...notEditing, signing: 'resign', secret: 's3cret' }).signing).toEqual({ mode: 'resign', secret: 's3cret' });
  });

  it('says the target first, then the secret re-signing needs', () => {
    expect(problemOf({ ...options, ...notEditing, url: 'localhost:3000', signing: 'resign' })).toMatch(/^The target is an http:\/\/ or https:\/\/ URL/);
    expect(problemOf({ ...options, ...notEditing, url: 'ftp://example.com/' })).toMatch(/^The target is/);
    expect(problemOf({ ...options, ...notEditing, signing: 'resign' })).toBe('Re-signing needs the secret to sign with.');
    expect(problemOf({ ...options, ...notEditing })).toBeNull();
  });

  it('sends the edited body as its exact bytes and the headers as rows, names trimmed', () => {
    const source = { bodyBase64: Buffer.from('{"amount":25.00}\r\n').toString('base64'), headers: [['Host', 'x'], ['User-Agent', 'svc'], ['X-Service-Event', 'e']] as Array<[string, string]> };
    const editor = editorFieldsOf(source);
    expect(editor.headers).toEqual([{ name: 'User-Agent', value: 'svc' }, { name: 'X-Service-Event', value: 'e' }]);
    const request = ReplayFields.parse({ ...options, editing: true, ...editor, body: editor.body.replace('25.00', '26.50'), headers: [...editor.headers, { name: ' X-Test ', value: '1' }] });
    expect(Buffer.from(request.edit!.bodyBase64!, 'base64').toString()).toBe('{"amount":26.50}\r\n');
    expect(request.edit!.headers).toEqual([['User-Agent', 'svc'], ['X-Service-Event', 'e'], ['X-Test', '1']]);
  });

  it('names the header at fault, by the rules of the shared schema', () => {
    const editing = { ...options, editing: true, original: null, body: '' };
    expect(problemOf({ ...editing, headers: [{ name: ' ', value: '1' }] })).toBe('A header has no name: give it one, or remove its row.');
    expect(problemOf({ ...editing, headers: [{ name: 'X Test', value: '1' }] })).toMatch(/^"X Test" is not a header name: a header name is letters, digits/);
    expect(problemOf({ ...editing, headers: [{ name: 'X-Test', value: 'a\nb' }] })).toMatch(/^The value of X-Test: a header value holds no line break/);
    expect(problemOf({ ...editing, headers: Array.from({ length: 201 }, () => ({ name: 'X-A', value: '1' })) })).toMatch(/^Too (big|many)/i);
  });
});

describe('a replay of many', () => {
  it('sends the seed only when shuffled', () => {
    expect(ReplayManyFields.parse({ ...options, order: 'arrival', seed: 'junk' })).toMatchObject({ order: 'arrival', seed: 1 });
    expect(ReplayManyFields.parse({ ...options, order: 'shuffled', seed: '42' })).toMatchObject({ order: 'shuffled', seed: 42 });
  });

  it('refuses a seed that is empty, a fraction or past the bounds of the schema, saying them', () => {
    for (const seed of ['', '1.5', '-1', '4294967296']) {
      const fields = { ...options, order: 'shuffled' as const, seed };
      expect(replayProblem(ReplayManyFields.safeParse(fields), { headers: [] })).toBe(
        'The seed is a whole number from 0 to 4294967295; the same seed gives the same order.',
      );
    }
  });
});
