import { utf8TextOrNull } from './body-text';
import type { Redactor } from './fakes';

// Letters, marks and digits of any script; `%XX` so an address percent-encoded in a URL is found too.
// Bounded (RFC 5321 sizes) so a long run without an `@` costs a bounded look-ahead per character.
const localChar = String.raw`(?:[\p{L}\p{M}\p{N}._+\-]|%[0-9A-Fa-f]{2})`;
const labelChar = String.raw`(?:[\p{L}\p{M}\p{N}\-]|%[0-9A-Fa-f]{2})`;
const emailAddress = new RegExp(
  String.raw`${localChar}{1,64}(?:@|%40)${labelChar}{1,63}(?:\.${labelChar}{1,63}){0,8}\.(?:[\p{L}\p{M}]|%[0-9A-Fa-f]{2}){2,63}`,
  'gu',
);

/** The text with every `%XX` decoded as UTF-8 (as written when the bytes are not UTF-8). */
export function percentDecoded(text: string): string {
  if (!text.includes('%')) return text;
  const parts = text.split(/(%[0-9A-Fa-f]{2})/);
  const bytes = Buffer.concat(parts.map((part, i) => (i % 2 === 1 ? Buffer.from([parseInt(part.slice(1), 16)]) : Buffer.from(part, 'utf8'))));
  return utf8TextOrNull(bytes) ?? text;
}

/** Every email address in the text (as written, or percent-encoded) replaced by its fake. */
export function redactEmails(text: string, fake: Redactor): string {
  if (!text.includes('@') && !/%40/.test(text)) return text;
  return text.replace(emailAddress, (address) => fake.email(percentDecoded(address)));
}

/**
 * Changes a string of bytes (a header value, a raw path: one Latin-1 char per byte) in its UTF-8
 * reading when it has one, so `zoë@…` sent as UTF-8 bytes is seen as the letters it spells.
 */
export function inUtf8Reading(bytes: string, change: (text: string) => string): string {
  // Chars beyond Latin-1: already text, not bytes.
  if (/[\u0100-\uffff]/.test(bytes)) return change(bytes);
  const utf8 = utf8TextOrNull(Buffer.from(bytes, 'latin1'));
  if (utf8 === null) return change(bytes);
  const changed = change(utf8);
  return changed === utf8 ? bytes : Buffer.from(changed, 'utf8').toString('latin1');
}
