import { fakeOf, personalKeys, type Redactor } from './fakes';
import { inUtf8Reading, redactEmails } from './redact-text';

export interface RequestTarget {
  path: string;
  query: string;
  headers: ReadonlyArray<readonly [string, string]>;
}

function formDecoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Query (or form) pairs: the value of a personal key becomes its fake, percent-encoded; every other
 * email its fake. Pairs that do not change keep their text.
 */
export function redactQuery(query: string, fake: Redactor): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const kind = at === -1 ? undefined : personalKeys.get(formDecoded(pair.slice(0, at)).toLowerCase());
      if (kind === undefined || at === pair.length - 1) return redactEmails(pair, fake);
      return `${pair.slice(0, at + 1)}${encodeURIComponent(fakeOf(kind, formDecoded(pair.slice(at + 1)), fake))}`;
    })
    .join('&');
}

/**
 * The path, query and header values with their personal data replaced (by pattern, and by key in the
 * query); what does not change keeps its exact text.
 */
export function redactRequestTarget(target: RequestTarget, fake: Redactor): RequestTarget & { changed: boolean } {
  const path = inUtf8Reading(target.path, (text) => redactEmails(text, fake));
  const query = inUtf8Reading(target.query, (text) => redactQuery(text, fake));
  let headersChanged = false;
  const headers = target.headers.map(([name, value]): [string, string] => {
    const redacted = inUtf8Reading(value, (text) => redactEmails(text, fake));
    if (redacted !== value) headersChanged = true;
    return [name, redacted];
  });
  return { path, query, headers, changed: headersChanged || path !== target.path || query !== target.query };
}
