import { describe, expect, it } from 'vitest';
import { redactBody, redactor } from '../../../src/main/core/export/redact';
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

  it('only treats a direct value of a name key as a name', () => {
    const out = redact('{"recipient_name":["Ada"],"brand_name":"Bookshop"}').body.toString();
    expect(out).toBe('{"recipient_name":["Ada"],"brand_name":"Bookshop"}');
  });

  it('redacts a Form A body (email only: it names no one)', () => {
    const text = bodyText(formAQuoteCreated());
    const out = redact(text).body.toString();
    expect(out).not.toContain('ada@example.com');
    expect(out.length).toBe(text.length + ('recipient-000000000000@example.invalid'.length - 'ada@example.com'.length));
  });

  it('redacts emails in plain text, and leaves bytes that are not UTF-8 alone', () => {
    expect(redact('to=ada@example.com&x=1').body.toString()).toMatch(/^to=recipient-[0-9a-f]{12}@example\.invalid&x=1$/);
    const binary = Buffer.from([0xff, 0xfe, 0x61, 0x40, 0x62, 0x2e, 0x63, 0x6f]);
    expect(redactBody(binary, fakes)).toEqual({ body: binary, changed: false });
    expect(redact('{"a":1}').changed).toBe(false);
  });
});
