import { describe, expect, it } from 'vitest';
import { redactor } from '../../../src/main/core/export/fakes';
import { redactBody } from '../../../src/main/core/export/redact';
import { bodyText, formAQuoteCreated, giftCardRecipientBody } from '../../fixtures/payloads';

const fakes = redactor('a redaction key for tests');
const redact = (text: string) => redactBody(Buffer.from(text, 'utf8'), fakes);

describe('redacting recipient emails and names', () => {
  it('replaces the email and the name of a gift-card body and keeps every other byte', () => {
    const text = bodyText(giftCardRecipientBody());
    const { body, changed } = redact(text);
    const out = body.toString('utf8');
    expect(changed).toBe(true);
    expect(out).not.toContain('ada@example.com');
    expect(out).not.toContain('Ada Lovelace');
    expect(out).toMatch(/"recipient_email":"recipient-[0-9a-f]{12}@example\.invalid"/);
    expect(out).toMatch(/"recipient_name":"Recipient [0-9a-f]{8}"/);
    const unredacted = (s: string) => s.replace(/"recipient_(email|name)":"[^"]*"/g, '');
    expect(unredacted(out)).toBe(unredacted(text));
  });

  it('gives the same fake for the same input, whatever the case of an email', () => {
    const a = redact('{"recipient_email":"Ada@Example.com","recipient_name":"Ada Lovelace"}').body.toString();
    const b = redact('{"recipient_name":"Ada Lovelace","x":{"recipient_email":"ada@example.com"}}').body.toString();
    const email = (s: string) => /recipient-[0-9a-f]{12}@example\.invalid/.exec(s)![0];
    const name = (s: string) => /Recipient [0-9a-f]{8}/.exec(s)![0];
    expect(email(a)).toBe(email(b));
    expect(name(a)).toBe(name(b));
    expect(redact('{"recipient_name":"Grace Hopper"}').body.toString()).not.toContain(name(a));
    expect(redactor('another key').email('ada@example.com')).not.toBe(fakes.email('ada@example.com'));
  });

  it('finds emails anywhere in a string value, nested or escaped, and leaves keys and numbers as written', () => {
    const text = '{ "note" : "write to bob@corp.example or ada\\u0040example.com", "list": ["c@d.io"], "amount": 25.00 }';
    const out = redact(text).body.toString();
    expect(out).not.toMatch(/bob@corp|ada@example|c@d\.io|\\u0040/);
    expect(out).toContain('"amount": 25.00 }');
    expect(out.startsWith('{ "note" : "write to recipient-')).toBe(true);
    expect(JSON.parse(out).list[0]).toMatch(/@example\.invalid$/);
  });

  it('redacts every value under a personal key, whatever its type, and leaves other keys alone', () => {
    const text = '{"recipient_name":["Ada", {"first": "Ada", "n": 7}],"brand_name":"Bookshop","recipient_email": 4155550199123, "Recipient_Email": "ada at example dot com", "x": null, "recipient_email": ""}';
    const out = redact(text).body.toString();
    expect(out).not.toMatch(/Ada|4155550199123|ada at example/);
    const parsed = JSON.parse(out);
    expect(parsed.recipient_name).toEqual([expect.stringMatching(/^Recipient [0-9a-f]{8}$/), { first: expect.stringMatching(/^Recipient /), n: expect.stringMatching(/^Recipient /) }]);
    expect(out).toContain('"brand_name":"Bookshop"');
    expect(out).toMatch(/"recipient_email": "recipient-[0-9a-f]{12}@example\.invalid", "Recipient_Email": "recipient-[0-9a-f]{12}@example\.invalid", "x": null, "recipient_email": ""\}$/);
  });

  it('finds non-ASCII and percent-encoded emails, and emails used as keys, with one fake per address', () => {
    const address = 'zoë.ångström@exämple.se';
    const text = `{"contacts":{"${address}":{"since":2020}, "ZOE\u0308.ÅNGSTRÖM@EXÄMPLE.SE": 1},"link":"https://x.test/u?e=${encodeURIComponent(address)}"}`;
    const out = redact(text).body.toString();
    expect(out).not.toMatch(/zo|ngstr|xämple|XÄMPLE|%40/i);
    const fakeOf = fakes.email(address);
    expect(out.split(`"${fakeOf}":`)).toHaveLength(3);
    expect(JSON.parse(out).link).toBe(`https://x.test/u?e=${fakeOf}`);
  });

  it('keeps a byte-order mark, reads the JSON after it, and survives any nesting depth', () => {
    const bom = redactBody(Buffer.from('\uFEFF{"recipient_name":"Ada"}', 'utf8'), fakes).body;
    expect(bom.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bom.toString('utf8')).toMatch(/^\uFEFF\{"recipient_name":"Recipient [0-9a-f]{8}"\}$/);
    const deep = `${'['.repeat(200_000)}"ada@example.com"${']'.repeat(200_000)}`;
    expect(redact(deep).body.toString()).not.toContain('ada@example.com');
  });

  it('redacts a form-encoded body by key and by pattern', () => {
    const out = redact('recipient_name=Ada+Lovelace&note=ada%40example.com&amount=25').body.toString();
    expect(out).toMatch(/^recipient_name=Recipient%20[0-9a-f]{8}&note=recipient-[0-9a-f]{12}@example\.invalid&amount=25$/);
  });

  it('redacts a Form A body (email only: it names no one)', () => {
    const text = bodyText(formAQuoteCreated());
    const out = redact(text).body.toString();
    expect(out).not.toContain('ada@example.com');
    expect(out.length).toBe(text.length + ('recipient-000000000000@example.invalid'.length - 'ada@example.com'.length));
  });

  it('redacts emails in plain text and in bytes that are not UTF-8, keeping every other byte', () => {
    expect(redact('to=ada@example.com&x=1').body.toString()).toMatch(/^to=recipient-[0-9a-f]{12}@example\.invalid&x=1$/);
    const binary = Buffer.from([0xff, 0xfe, 0x20, 0x61, 0x40, 0x62, 0x2e, 0x63, 0x6f, 0x20, 0x00]);
    const { body, changed } = redactBody(binary, fakes);
    expect(changed).toBe(true);
    expect(body.toString('latin1')).toBe(`\xff\xfe ${fakes.email('a@b.co')} \x00`);
    const noEmail = Buffer.from([0xff, 0x40, 0x00]);
    expect(redactBody(noEmail, fakes)).toEqual({ body: noEmail, changed: false });
    expect(redact('{"a":1}').changed).toBe(false);
  });
});
