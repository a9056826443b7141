import { createHmac } from 'node:crypto';

export type PersonalKind = 'email' | 'name';

/** Keys (any case) whose value is personal data: the spec's recipient_email and recipient_name, and other names of a person. */
export const personalKeys: ReadonlyMap<string, PersonalKind> = new Map([
  ['recipient_email', 'email'],
  ['recipient_name', 'name'],
  ['beneficiary_name', 'name'],
  ['full_name', 'name'],
  ['first_name', 'name'],
  ['last_name', 'name'],
]);

export interface Redactor {
  email(address: string): string;
  name(value: string): string;
}

/** Fakes derived from a keyed hash: the same input always gives the same fake (emails ignore case and Unicode normal form). */
export function redactor(key: string): Redactor {
  const digest = (kind: string, value: string) => createHmac('sha256', key).update(`${kind}\0${value}`).digest('hex');
  return {
    email: (address) => `recipient-${digest('email', address.normalize('NFC').toLowerCase()).slice(0, 12)}@example.invalid`,
    name: (value) => `Recipient ${digest('name', value.normalize('NFC')).slice(0, 8)}`,
  };
}

export function fakeOf(kind: PersonalKind, value: string, fake: Redactor): string {
  return kind === 'email' ? fake.email(value) : fake.name(value);
}
