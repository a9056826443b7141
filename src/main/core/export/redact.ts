import { createHmac } from 'node:crypto';
import { utf8TextOrNull } from './body-text';

/** Keys whose string value names a person. */
export const personNameKeys: ReadonlySet<string> = new Set([
  'recipient_name',
  'beneficiary_name',
  'full_name',
  'first_name',
  'last_name',
]);

const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
const jsonStringLiteral = /"(?:[^"\\]|\\.)*"/g;

export interface Redactor {
  email(address: string): string;
  name(value: string): string;
}

/** Fakes derived from a keyed hash: the same input always gives the same fake (emails ignore case). */
export function redactor(key: string): Redactor {
  const digest = (kind: string, value: string) => createHmac('sha256', key).update(`${kind}\0${value}`).digest('hex');
  return {
    email: (address) => `recipient-${digest('email', address.toLowerCase()).slice(0, 12)}@example.invalid`,
    name: (value) => `Recipient ${digest('name', value).slice(0, 8)}`,
  };
}

function redactEmails(text: string, fake: Redactor): string {
  return text.replace(emailAddress, (address) => fake.email(address));
}

function nextNonSpace(text: string, from: number): string | undefined {
  for (let i = from; i < text.length; i++) if (!/\s/.test(text[i]!)) return text[i];
  return undefined;
}

function previousNonSpace(text: string, before: number): string | undefined {
  for (let i = before - 1; i >= 0; i--) if (!/\s/.test(text[i]!)) return text[i];
  return undefined;
}

/**
 * Rewrites only the string literals that change, in place, so every other byte of the JSON text
 * (number spelling, key order, spacing) stays as sent.
 */
function redactJsonText(text: string, fake: Redactor): string {
  let key: string | null = null;
  return text.replace(jsonStringLiteral, (literal, offset: number) => {
    const end = offset + literal.length;
    const value = JSON.parse(literal) as string;
    if (nextNonSpace(text, end) === ':') {
      key = value;
      return literal;
    }
    const isDirectValue = previousNonSpace(text, offset) === ':';
    const redacted = isDirectValue && key !== null && personNameKeys.has(key) ? fake.name(value) : redactEmails(value, fake);
    return redacted === value ? literal : JSON.stringify(redacted);
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Replaces recipient emails and names with consistent fakes: in a JSON body, every email address inside
 * a string value and the value of every person-name key; in other UTF-8 text, every email address.
 * Bodies that are not UTF-8 are left as they are.
 */
export function redactBody(body: Buffer, fake: Redactor): { body: Buffer; changed: boolean } {
  const text = utf8TextOrNull(body);
  if (text === null) return { body, changed: false };
  const redacted = isJson(text) ? redactJsonText(text, fake) : redactEmails(text, fake);
  return redacted === text ? { body, changed: false } : { body: Buffer.from(redacted, 'utf8'), changed: true };
}
