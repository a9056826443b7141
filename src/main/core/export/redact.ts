import { utf8TextOrNull } from './body-text';
import type { Redactor } from './fakes';
import { redactJsonText } from './redact-json';
import { redactQuery } from './redact-request';
import { inUtf8Reading, redactEmails } from './redact-text';

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const formEncoded = /^[^=&\s]+=[^&\s]*(?:&[^=&\s]+=[^&\s]*)*$/;

function redactText(text: string, fake: Redactor): string {
  if (isJson(text)) return redactJsonText(text, fake);
  return formEncoded.test(text) ? redactQuery(text, fake) : redactEmails(text, fake);
}

/**
 * Replaces personal data with consistent fakes: in a JSON body, by key (every value under a personal
 * key) and by pattern (every email address elsewhere, keys included); in a form-encoded body, by key
 * and pattern as in a query; in any other body, UTF-8 or not, every email address.
 */
export function redactBody(body: Buffer, fake: Redactor): { body: Buffer; changed: boolean } {
  const text = utf8TextOrNull(body);
  if (text === null) {
    const bytes = body.toString('latin1');
    const redacted = inUtf8Reading(bytes, (t) => redactEmails(t, fake));
    return redacted === bytes ? { body, changed: false } : { body: Buffer.from(redacted, 'latin1'), changed: true };
  }
  // A leading byte-order mark is kept, and kept out of the way of reading the JSON after it.
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const content = text.slice(bom.length);
  const redacted = redactText(content, fake);
  return redacted === content ? { body, changed: false } : { body: Buffer.from(bom + redacted, 'utf8'), changed: true };
}
